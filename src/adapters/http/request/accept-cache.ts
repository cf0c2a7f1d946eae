import { DomainError } from '../../../domain/errors/domain-error.js';
import type { Version } from '../../../domain/versioning/version.js';
import { GenerationalCache } from '../../../application/caching/generational-cache.js';
import { versionFromAccept } from './accept-header.js';
import { RepeatFilter } from './repeat-filter.js';

/** Distinct Accept headers remembered (fewer than twice this); clients send few, and a flood of new ones only evicts. */
export const ACCEPT_CACHE_CAPACITY = 500;
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
export class AcceptCache {
  readonly #outcomes = new GenerationalCache<string, Version | DomainError>(ACCEPT_CACHE_CAPACITY);
  readonly #seen = new RepeatFilter();

  /** `supported`, newest first, is named when an Accept header admits no JSON. */
  constructor(
    private readonly resolve: (requested: string | undefined) => Version | DomainError,
    private readonly supported: readonly string[] = [],
    /** false: every header is read anew, for the bench to measure the service without this cache (BENCH_CACHES_OFF=accept). */
    private readonly remembers = true,
  ) {}

  /** The number of headers remembered. */
  get size(): number {
    return this.#outcomes.size;
  }

  select(header: string | undefined): Version | DomainError {
    if (header === undefined || header.length > MAX_CACHED_ACCEPT_LENGTH || !this.remembers) return this.#read(header);
    let outcome = this.#outcomes.get(header);
    if (outcome === undefined) {
      outcome = this.#read(header);
      if (this.#seen.seenBefore(header)) this.#outcomes.set(header, outcome);
    }
    return outcome;
  }

  #read(header: string | undefined): Version | DomainError {
    try {
      const version = this.resolve(versionFromAccept(header, this.supported));
      return version instanceof DomainError ? Object.freeze(version) : version;
    } catch (error) {
      // The header's parser throws its refusal; anything else is a fault, and must reach the 500 path, uncached.
      if (!(error instanceof DomainError)) throw error;
      return Object.freeze(error);
    }
  }
}
