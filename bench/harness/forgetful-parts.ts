import { ContainerModule } from 'inversify';
import { CacheSizes, DEFAULT_CACHE_SIZES } from '../../src/adapters/caching/cache-sizes.js';
import { UsageCounter } from '../../src/application/clients/usage-counter.js';

/**
 * The service's caches, each of which the bench can turn off (its size 0) to measure what it saves: PostgreSQL's
 * rows, the answers of records, of list pages and of a team's GET operations at the HTTP edge, and the version of
 * each Accept header; and the
 * per-client usage counts, whose stand-in counts nothing, to measure what counting costs.
 */
export const MEMOS = ['rows', 'answers', 'pages', 'operations', 'accept', 'usage'] as const;

export type MemoName = (typeof MEMOS)[number];

/** The memos named, comma-separated; throws naming an unknown one. */
export function memoNames(text: string): MemoName[] {
  const names = text.split(',').filter((name) => name !== '');
  for (const name of names) {
    if (!(MEMOS as readonly string[]).includes(name))
      throw new RangeError(`${JSON.stringify(name)} is not a memo; the memos are ${MEMOS.join(', ')}`);
  }
  return names as MemoName[];
}

const uncountedUsage = Object.assign(Object.create(UsageCounter.prototype) as UsageCounter, {
  count: () => {},
  pending: () => [],
  flush: () => Promise.resolve(),
});

/**
 * A module for composeService's `modules` turning off each memo named: the same answers, byte for byte, made anew
 * every time. The rows are remembered only with the PostgreSQL storage; in memory there is nothing to turn off.
 */
export function withoutMemos(names: readonly MemoName[]): ContainerModule {
  const off = new Set(names);
  const { answers, pages, acceptHeaders, rows, operationAnswers } = DEFAULT_CACHE_SIZES;
  const sizes = new CacheSizes(
    off.has('answers') ? 0 : answers,
    off.has('pages') ? 0 : pages,
    off.has('accept') ? 0 : acceptHeaders,
    off.has('rows') ? 0 : rows,
    off.has('operations') ? 0 : operationAnswers,
  );
  return new ContainerModule(({ rebind }) => {
    rebind(CacheSizes).toConstantValue(sizes);
    if (off.has('usage')) rebind(UsageCounter).toConstantValue(uncountedUsage);
  });
}
