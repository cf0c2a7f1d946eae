import { ContainerModule } from 'inversify';
import { readAccept, VERSION_SELECTORS, type VersionSelectorFactory } from '../../src/adapters/http/request/accept-cache.js';
import { JsonText } from '../../src/adapters/http/response/prepared-bodies.js';
import { RepresentationJson } from '../../src/adapters/http/response/representation-json.js';
import { ROWS_REMEMBERED } from '../../src/adapters/persistence/postgres/postgres-record-repository.js';
import { PAGE_MEMORY, type PageMemory } from '../../src/application/caching/represented-pages.js';
import { REPRESENTER, type Representer } from '../../src/application/ports/representer.js';
import { VERSION_MODEL } from '../../src/application/ports/version-model.js';
import { UsageCounter } from '../../src/application/clients/usage-counter.js';
import type { VersionModel } from '../../src/domain/versioning/version-model.js';

/**
 * The service's memos, each of which the bench can replace by a stand-in that remembers nothing, to measure what it
 * saves: PostgreSQL's row memo, the representations (MemoizedRepresenter), a list's represented pages, the JSON texts
 * of representations, and the version of each Accept header; and the per-client usage counts, whose stand-in counts
 * nothing, to measure what counting costs.
 */
export const MEMOS = ['rows', 'representations', 'pages', 'json', 'accept', 'usage'] as const;

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

const forgetfulPages: PageMemory = { items: (_version, _request, _today, records, represent) => records.map(represent) };
const forgetfulJson: Pick<RepresentationJson, 'one' | 'array'> = {
  one: (representation) => new JsonText(JSON.stringify(representation)),
  array: (representations) => new JsonText(JSON.stringify(representations)),
};
const uncountedUsage = Object.assign(Object.create(UsageCounter.prototype) as UsageCounter, {
  count: () => {},
  pending: () => [],
  flush: () => Promise.resolve(),
});
const forgetfulSelectors: VersionSelectorFactory = (resolve, supported) => ({ select: (header) => readAccept(resolve, supported, header) });

/**
 * A module for composeService's `modules` replacing each memo named by its stand-in: the same answers, byte for byte,
 * made anew every time. The row memo exists only with the PostgreSQL storage; in memory there is nothing to replace.
 */
export function withoutMemos(names: readonly MemoName[]): ContainerModule {
  return new ContainerModule(({ rebind, isBound }) => {
    for (const name of new Set(names)) {
      if (name === 'rows' && isBound(ROWS_REMEMBERED)) rebind<number>(ROWS_REMEMBERED).toConstantValue(0);
      if (name === 'representations') rebind<Representer>(REPRESENTER).toResolvedValue((model: VersionModel) => model, [VERSION_MODEL]);
      if (name === 'pages') rebind<() => PageMemory>(PAGE_MEMORY).toConstantValue(() => forgetfulPages);
      if (name === 'json') rebind<Pick<RepresentationJson, 'one' | 'array'>>(RepresentationJson).toConstantValue(forgetfulJson);
      if (name === 'accept') rebind<VersionSelectorFactory>(VERSION_SELECTORS).toConstantValue(forgetfulSelectors);
      if (name === 'usage') rebind(UsageCounter).toConstantValue(uncountedUsage);
    }
  });
}
