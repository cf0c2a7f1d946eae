import { AcceptHeaderError } from './accept-header-error.js';
import { versionFromAccept } from './accept-header.js';
import { BoundedCache } from './bounded-cache.js';

/** How many distinct Accept headers are remembered; clients send few, and a flood of new ones only evicts. */
export const ACCEPT_CACHE_CAPACITY = 1000;
/** Longer headers are parsed every time, so the cache holds at most about a megabyte of keys. */
export const MAX_CACHED_ACCEPT_LENGTH = 1024;

type Outcome = { readonly version: string | undefined } | { readonly refused: AcceptHeaderError };

/** versionFromAccept, remembered per header string: a client sends the same Accept on every request. */
export class CachedAcceptReader {
  readonly #outcomes = new BoundedCache<string, Outcome>(ACCEPT_CACHE_CAPACITY);

  /** The number of headers remembered. */
  get size(): number {
    return this.#outcomes.size;
  }

  /** The version the header asks for, as versionFromAccept gives it; throws a new AcceptHeaderError as it would. */
  versionFrom(header: string | undefined): string | undefined {
    if (header === undefined || header.length > MAX_CACHED_ACCEPT_LENGTH) return versionFromAccept(header);
    let outcome = this.#outcomes.get(header);
    if (outcome === undefined) {
      outcome = read(header);
      this.#outcomes.set(header, outcome);
    }
    if ('refused' in outcome) throw new AcceptHeaderError(outcome.refused.code, outcome.refused.message);
    return outcome.version;
  }
}

function read(header: string): Outcome {
  try {
    return { version: versionFromAccept(header) };
  } catch (error) {
    // versionFromAccept throws nothing else; were it to, that error must still reach the 500 path, uncached.
    /* c8 ignore next */
    if (!(error instanceof AcceptHeaderError)) throw error;
    return { refused: error };
  }
}
