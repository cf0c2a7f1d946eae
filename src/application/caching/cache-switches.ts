/**
 * The caches chained by object identity, each of which the bench can turn off to measure what it saves
 * (BENCH_CACHES_OFF, a measuring aid, not a setting): PostgreSQL's row cache, the representations of
 * MemoizedRepresenter, the represented pages of a list, the JSON texts of representations, and the
 * versions of Accept headers.
 */
export const CACHE_NAMES = ['rows', 'representations', 'pages', 'json', 'accept'] as const;

export type CacheName = (typeof CACHE_NAMES)[number];

/** Which caches are on. */
export type CacheSwitches = Readonly<Record<CacheName, boolean>>;

export const CACHE_SWITCHES = Symbol.for('CacheSwitches');

export const ALL_CACHES_ON: CacheSwitches = Object.freeze({ rows: true, representations: true, pages: true, json: true, accept: true });

/** The switches with the named caches off; throws naming an unknown one. */
export function cachesOff(names: readonly string[]): CacheSwitches {
  const switches: Record<CacheName, boolean> = { ...ALL_CACHES_ON };
  for (const name of names) {
    if (!(CACHE_NAMES as readonly string[]).includes(name))
      throw new RangeError(`${JSON.stringify(name)} is not a cache; the caches are ${CACHE_NAMES.join(', ')}`);
    switches[name as CacheName] = false;
  }
  return Object.freeze(switches);
}
