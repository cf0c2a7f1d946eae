import type { CalendarDate } from '../records/calendar-date.js';
import { chooseDefaultVersion, type DefaultVersionChoice } from './default-version.js';
import { Version } from './version.js';
import type { VersionLifecycle } from './version-lifecycle.js';
import { MalformedVersionError, RetiredVersionError, UnsupportedVersionError, type VersionRefusal } from './refusals.js';

/** The versions a day advertises: those served and not deprecated by then, and those served but deprecated; oldest first. */
export interface AdvertisedVersions {
  readonly supported: readonly Version[];
  readonly deprecated: readonly Version[];
}

/**
 * The versions as they stand from one sunset date to the next: which are served, which are retired, and which one
 * a request naming none gets. Built once per sunset date at start, so a request only looks things up.
 */
export class VersionStanding {
  /** The versions served, newest first (frozen: the error messages that list them are built once per list). */
  readonly supported: readonly Version[];
  readonly #byText: ReadonlyMap<string, Version>;
  readonly #lifecycles: ReadonlyMap<string, VersionLifecycle>;
  readonly #retired = new Map<string, RetiredVersionError>();
  readonly #default: Version | RetiredVersionError;

  /** `from`: the first day it holds, a sunset date; null before any. `versions`: every declared version, newest first. */
  constructor(
    readonly from: CalendarDate | null,
    versions: readonly Version[],
    lifecycles: ReadonlyMap<string, VersionLifecycle>,
    choice: DefaultVersionChoice,
  ) {
    const retired = (version: Version): boolean => from !== null && (lifecycles.get(version.toString()) as VersionLifecycle).isRetiredOn(from);
    this.supported = Object.freeze(versions.filter((version) => !retired(version)));
    this.#byText = new Map(versions.map((version) => [version.toString(), version]));
    this.#lifecycles = lifecycles;
    for (const version of versions.filter(retired)) {
      const text = version.toString();
      this.#retired.set(text, new RetiredVersionError(text, (lifecycles.get(text) as VersionLifecycle).sunset as CalendarDate, this.supported));
    }
    // The newest version never has a sunset, so `latest` and `earliest` always name a served version.
    const refusal = this.#retired.get(choice);
    this.#default =
      refusal === undefined
        ? (chooseDefaultVersion(choice, this.supported) as Version)
        : new RetiredVersionError(choice, refusal.sunset, this.supported, true);
  }

  /** A history's standings, oldest first: one before any sunset, then one from each sunset date on. */
  static timeline(versions: readonly Version[], lifecycles: ReadonlyMap<string, VersionLifecycle>, choice: DefaultVersionChoice): VersionStanding[] {
    const sunsets = new Map<string, CalendarDate>();
    for (const lifecycle of lifecycles.values()) if (lifecycle.sunset !== null) sunsets.set(lifecycle.sunset.toString(), lifecycle.sunset);
    const days = [...sunsets.values()].sort((a, b) => a.daysSince(b));
    return [null, ...days].map((from) => new VersionStanding(from, versions, lifecycles, choice));
  }

  /**
   * The served version a request names, or the default when it names none (absent or empty); or the refusal, returned:
   * MalformedVersionError or UnsupportedVersionError listing the versions served, or RetiredVersionError.
   */
  resolve(requested: string | undefined): Version | VersionRefusal {
    if (requested === undefined || requested === '') return this.#default;
    const version = this.#byText.get(requested);
    if (version !== undefined) return this.#retired.get(requested) ?? version;
    if (!Version.isWellFormed(requested)) return new MalformedVersionError(requested, this.supported);
    return new UnsupportedVersionError(requested, this.supported);
  }

  /** ASP.NET API Versioning's api-supported-versions and api-deprecated-versions, as they are on `today`. */
  advertisedOn(today: CalendarDate): AdvertisedVersions {
    const oldestFirst = [...this.supported].reverse();
    const deprecated = (version: Version): boolean => (this.#lifecycles.get(version.toString()) as VersionLifecycle).isDeprecatedOn(today);
    return { supported: oldestFirst.filter((version) => !deprecated(version)), deprecated: oldestFirst.filter(deprecated) };
  }
}
