import { DAY_MS, type CalendarDate } from '../../../domain/records/calendar-date.js';
import type { Version } from '../../../domain/versioning/version.js';
import type { VersionLifecycle } from '../../../domain/versioning/version-lifecycle.js';
import type { VersionWithLifecycle } from '../../../domain/versioning/version-lifecycle.js';

/** What every response that is not a cacheable 200 or 304 carries: errors are cheap to make again and may not last. */
export const NO_STORE = 'no-store';
const NO_CACHE = 'no-cache';

/**
 * The Cache-Control of a 200 or 304 that has an ETag: `no-cache` when CACHE_MAX_AGE is 0 (stored, but revalidated
 * each time, which the ETag makes cheap), else `public, max-age=N`, N cut so that a cache never keeps a
 * representation past the end of the UTC day it depends on (a dog's age), nor past its version's sunset or the start
 * of its next brownout. An API client's answer is for it alone (RFC 9111 §5.2.2.7): the same, `private` in place of
 * `public` (`private, no-cache` when CACHE_MAX_AGE is 0), each value made at start or once per N.
 */
export class CacheControl {
  /** The full value, for a shared cache (index 0) and for a client's own (1). */
  readonly #full: readonly [string, string];
  /** Past a boundary: revalidate each time. */
  readonly #expired = [NO_CACHE, `private, ${NO_CACHE}`] as const;
  /** The sunset of each version that has one, as milliseconds since the epoch. */
  readonly #sunsets = new Map<string, number>();
  /** The lifecycle of each version that declares brownouts. */
  readonly #brownouts = new Map<string, VersionLifecycle>();
  /** The last shortened value, by its N, for each scope: near a boundary, every request of the same second asks for the same one. */
  readonly #shortSeconds = [-1, -1];
  readonly #short = ['', ''];

  constructor(
    private readonly maxAgeSeconds: number,
    lifecycles: readonly VersionWithLifecycle[],
  ) {
    this.#full = maxAgeSeconds === 0 ? this.#expired : [`public, max-age=${maxAgeSeconds}`, `private, max-age=${maxAgeSeconds}`];
    for (const { version, lifecycle } of lifecycles) {
      if (lifecycle.sunset !== null) this.#sunsets.set(version.toString(), lifecycle.sunset.startMs());
      if (lifecycle.brownouts.length > 0) this.#brownouts.set(version.toString(), lifecycle);
    }
  }

  /**
   * For a response served at `version` (undefined: unversioned) on the service's date `today`; `daily` when its content
   * changes with the date. The time of day is `nowMs`'s (the clock's instant when the request read it, else the
   * system's), the date the service's clock's (TODAY fixes it). `shared`: false for an API client's answer.
   */
  of(version: Version | undefined, daily: boolean, today: CalendarDate, nowMs?: number, shared = true): string {
    const scope = shared ? 0 : 1;
    if (this.maxAgeSeconds === 0) return this.#full[scope];
    const dayStart = today.startMs();
    // The clock is read only here: with no max-age (the default) an answer's Cache-Control never depends on it.
    const now = dayStart + ((nowMs ?? Date.now()) % DAY_MS);
    let endMs = daily ? dayStart + DAY_MS : Infinity;
    const sunset = version === undefined ? undefined : this.#sunsets.get(version.toString());
    if (sunset !== undefined && sunset < endMs) endMs = sunset;
    const brownouts = version === undefined ? undefined : this.#brownouts.get(version.toString());
    if (brownouts !== undefined) endMs = Math.min(endMs, brownouts.nextBrownoutStart(now));
    const seconds = Math.floor((endMs - now) / 1000);
    if (seconds >= this.maxAgeSeconds) return this.#full[scope];
    if (seconds <= 0) return this.#expired[scope];
    if (seconds !== this.#shortSeconds[scope]) {
      this.#shortSeconds[scope] = seconds;
      this.#short[scope] = `${shared ? 'public' : 'private'}, max-age=${seconds}`;
    }
    return this.#short[scope] as string;
  }
}
