/**
 * How much the service remembers, each a bound (a GenerationalCache holds fewer than twice its capacity); 0 turns
 * that cache off, with the same answers, byte for byte, made anew each time (`npm run compare -- --caches=each`).
 */
export class CacheSizes {
  constructor(
    /** Per collection: the records whose answers (JSON bytes and ETags, per version and day) the HTTP edge keeps. */
    readonly answers = 4096,
    /** Per collection: the list pages whose answers the HTTP edge keeps. */
    readonly pages = 256,
    /** Per standing of the versions: the distinct Accept headers whose version is kept. */
    readonly acceptHeaders = 500,
    /** Per collection, PostgreSQL only: the rows whose parsed record is kept, so an unchanged row is the same record. */
    readonly rows = 20_000,
    /** Per GET operation of a team's own: the request targets whose answers (per version and day) the HTTP edge keeps. */
    readonly operationAnswers = 256,
  ) {
    for (const [name, size] of Object.entries(this)) {
      if (!Number.isSafeInteger(size) || size < 0) throw new RangeError(`a cache size is a whole number, not ${String(size)} (${name})`);
    }
  }
}

/** The sizes the service runs with. */
export const DEFAULT_CACHE_SIZES = new CacheSizes();
