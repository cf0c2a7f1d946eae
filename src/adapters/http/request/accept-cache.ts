import type { Version } from '../../../domain/versioning/version.js';
import { GenerationalCache } from '../../caching/generational-cache.js';
import { DEFAULT_CACHE_SIZES } from '../../caching/cache-sizes.js';
import { versionFromAccept } from './accept-header.js';
import { RepeatFilter } from './repeat-filter.js';
import { Refusal } from '../../../domain/errors/refusal.js';

/** Longer headers are read every time, so the cache holds at most about a megabyte of keys. */
export const MAX_CACHED_ACCEPT_LENGTH = 1024;

/**
 * The version an Accept header selects, or the refusal to answer with (the AcceptHeaderError the header's parser
 * throws, or the refusal `resolve` returns), remembered per header string: a client
 * sends the same Accept on every request, and a cache serves one standing of the versions (the handler keeps
 * one per sunset date), in which they never change.
 * A refusal is returned, not thrown, and the same frozen one for the same header: throwing costs a request
 * more than the rest of its answer.
 * A header is stored only when it comes a second time: one sent once, by a client that varies it on every
 * request, would otherwise push out another and live long enough to be moved to V8's old generation, whose
 * garbage is collected only in major collections, and RSS would grow with such requests.
 */
export class AcceptCache<T = Version | Refusal> {
  /** Absent with a capacity of 0: every header is read. */
  readonly #outcomes: GenerationalCache<string, T | Refusal> | undefined;
  readonly #seen = new RepeatFilter();

  /** `supported`, newest first, is named when an Accept header admits no JSON. */
  constructor(
    private readonly resolve: (requested: string | undefined) => T,
    private readonly supported: readonly string[] = [],
    /** Distinct headers remembered (fewer than twice this); clients send few, and a flood of new ones only evicts. */
    capacity = DEFAULT_CACHE_SIZES.acceptHeaders,
  ) {
    this.#outcomes = capacity > 0 ? new GenerationalCache(capacity) : undefined;
  }

  /** The number of headers remembered. */
  get size(): number {
    return this.#outcomes?.size ?? 0;
  }

  select(header: string | undefined): T | Refusal {
    if (this.#outcomes === undefined || header === undefined || header.length > MAX_CACHED_ACCEPT_LENGTH)
      return readAccept(this.resolve, this.supported, header);
    let outcome = this.#outcomes.get(header);
    if (outcome === undefined) {
      outcome = readAccept(this.resolve, this.supported, header);
      if (this.#seen.seenBefore(header)) this.#outcomes.set(header, outcome);
    }
    return outcome;
  }
}

/** The version `header` selects, or the refusal, frozen: read anew each time. A fault is thrown on, uncached, to the 500 path. */
export function readAccept<T>(resolve: (requested: string | undefined) => T, supported: readonly string[], header: string | undefined): T | Refusal {
  const requested = versionFromAccept(header, supported);
  if (requested instanceof Refusal) return Object.freeze(requested);
  const version = resolve(requested);
  return version instanceof Refusal ? Object.freeze(version) : version;
}
