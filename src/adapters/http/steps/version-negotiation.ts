import type { CalendarDate } from '../../../domain/records/calendar-date.js';
import type { BrownoutWindow } from '../../../domain/versioning/brownout-window.js';
import type { Version } from '../../../domain/versioning/version.js';
import type { SelectedBy } from '../../../domain/versioning/version-error-text.js';
import type { VersionLifecycle } from '../../../domain/versioning/version-lifecycle.js';
import type { VersionStanding } from '../../../domain/versioning/version-standing.js';
import type { LogSink } from '../../logging/log-sink.js';
import { AcceptCache } from '../request/accept-cache.js';
import { DEFAULT_CACHE_SIZES } from '../../caching/cache-sizes.js';
import { Refusal } from '../../../domain/errors/refusal.js';
import { BrownoutError, MalformedVersionError, RetiredVersionError } from '../../../domain/versioning/refusals.js';
import { AmbiguousVersionError, type VersionSource } from '../request/refusals.js';
import type { VersionModel } from '../../../domain/versioning/version-model.js';

/** What a client's Accept that names no version selects: the client's pin then decides. A value, never answered. */
const NO_VERSION_NAMED: unique symbol = Symbol('no version named');
type Named = Version | Refusal | typeof NO_VERSION_NAMED;

/**
 * The version a request is served at, from its Accept header, as the versions stand on the request's day: a 406 for
 * a malformed or unsupported version, a 410 from a version's sunset on and during its brownouts (at the request's
 * instant, given only when some version declares one). One AcceptCache per standing, made at
 * start (a sunset changes what a header selects). A default version retired while the service runs is logged once a day.
 */
export class VersionNegotiation {
  readonly #selectors = new Map<VersionStanding, AcceptCache>();
  /** For a client's requests: the same, but a header naming no version selects NO_VERSION_NAMED, so that the pin decides. */
  readonly #pinnedSelectors = new Map<VersionStanding, AcceptCache<Named>>();
  /** The lifecycle of each version that declares brownouts, by version text. */
  readonly #brownouts = new Map<string, VersionLifecycle>();
  /** The day a request last met a retired default version. */
  #retiredDefaultLoggedOn: CalendarDate | undefined;

  constructor(
    private readonly model: Pick<VersionModel, 'standingOn' | 'standings' | 'lifecycles'>,
    private readonly errorLog: LogSink,
    /** The Accept headers each AcceptCache remembers (0: none). */
    acceptHeaders = DEFAULT_CACHE_SIZES.acceptHeaders,
  ) {
    for (const standing of model.standings) {
      const supported = standing.supported.map((version) => version.toString());
      this.#selectors.set(standing, new AcceptCache((requested) => standing.resolve(requested), supported, acceptHeaders));
      this.#pinnedSelectors.set(
        standing,
        new AcceptCache<Named>(
          (requested) => (requested === undefined || requested === '' ? NO_VERSION_NAMED : standing.resolve(requested)),
          supported,
          acceptHeaders,
        ),
      );
    }
    for (const { version, lifecycle } of model.lifecycles) {
      if (lifecycle.brownouts.length > 0) this.#brownouts.set(version.toString(), lifecycle);
    }
  }

  /**
   * The version a client's request is served at: the one its Accept names, else its pin (a retired pin is a 410 naming
   * it, and so is a pin in a brownout at `now`).
   */
  selectPinned(accept: string | undefined, today: CalendarDate, pin: string, now?: number): Version | Refusal {
    const standing = this.model.standingOn(today);
    const named = (this.#pinnedSelectors.get(standing) as AcceptCache<Named>).select(accept);
    if (named !== NO_VERSION_NAMED) return this.#atInstant(named, now, standing, false);
    const version = standing.resolve(pin);
    if (version instanceof RetiredVersionError) return new RetiredVersionError(pin, version.sunset, standing.supported, 'pin');
    return this.#atInstant(version, now, standing, 'pin');
  }

  /**
   * The version a request with an Api-Version header is served at, whoever calls: the one it names, which Accept may
   * name too (another is a 400 naming both; a malformed or unsupported one in either is the 406 of Accept's).
   */
  selectNamed(accept: string | undefined, header: string, today: CalendarDate, now?: number): Version | Refusal {
    return this.#selectNamed(accept, today, now, header, 'header');
  }

  /**
   * The version a request naming it in its query (`?version=`, on a route that takes it) is served at, whoever calls:
   * as selectNamed's, and an Api-Version header sent as well must name the same one.
   */
  selectQueried(accept: string | undefined, query: string, header: string | undefined, today: CalendarDate, now?: number): Version | Refusal {
    return header === undefined
      ? this.#selectNamed(accept, today, now, query, 'query')
      : this.#selectNamed(accept, today, now, header, 'header', query);
  }

  /** The version `named` names, and `query` too when given; Accept may name it as well. A malformed or unsupported one in any is a 406, two different ones a 400. */
  #selectNamed(
    accept: string | undefined,
    today: CalendarDate,
    now: number | undefined,
    named: string,
    source: VersionSource,
    query?: string,
  ): Version | Refusal {
    const standing = this.model.standingOn(today);
    const fromAccept = (this.#pinnedSelectors.get(standing) as AcceptCache<Named>).select(accept);
    if (isUnreadable(fromAccept)) return fromAccept;
    const version = resolveNamed(named, standing);
    if (isUnreadable(version)) return version;
    const fromQuery = query === undefined ? version : resolveNamed(query, standing);
    if (isUnreadable(fromQuery)) return fromQuery;
    if (fromAccept !== NO_VERSION_NAMED && textOf(fromAccept) !== textOf(version)) {
      return new AmbiguousVersionError(textOf(fromAccept), textOf(version), ['accept', source]);
    }
    if (textOf(fromQuery) !== textOf(version)) return new AmbiguousVersionError(textOf(version), textOf(fromQuery), ['header', 'query']);
    return this.#atInstant(version, now, standing, false);
  }

  /** The version, or the refusal to answer with; `now`, the request's instant, is given when some version declares brownouts. */
  select(accept: string | undefined, today: CalendarDate, now?: number): Version | Refusal {
    const standing = this.model.standingOn(today);
    const version = (this.#selectors.get(standing) as AcceptCache).select(accept);
    if (version instanceof RetiredVersionError && version.byDefault === true) this.#logRetiredDefault(version, today);
    const window = this.#brownoutAt(version, now);
    if (window === undefined) return version;
    // Only in a brownout does it matter whether the header named the version or left it to the default.
    const byDefault = (this.#pinnedSelectors.get(standing) as AcceptCache<Named>).select(accept) === NO_VERSION_NAMED;
    return this.#refusal(version as Version, window, now as number, standing, byDefault);
  }

  #atInstant(version: Version | Refusal, now: number | undefined, standing: VersionStanding, selectedBy: SelectedBy): Version | Refusal {
    const window = this.#brownoutAt(version, now);
    return window === undefined ? version : this.#refusal(version as Version, window, now as number, standing, selectedBy);
  }

  /** The brownout of the version `now` falls in; none when `now` is not given. */
  #brownoutAt(version: Version | Refusal, now: number | undefined): BrownoutWindow | undefined {
    if (now === undefined || version instanceof Refusal) return undefined;
    return this.#brownouts.get(version.toString())?.brownoutAt(now);
  }

  /** The 410 of a version in a brownout, naming the window's end, its sunset and the other versions served. */
  #refusal(version: Version, window: BrownoutWindow, now: number, standing: VersionStanding, selectedBy: SelectedBy): BrownoutError {
    const { sunset } = this.#brownouts.get(version.toString()) as VersionLifecycle;
    const served = standing.supported.filter((other) => other !== version);
    return new BrownoutError(version, window, sunset, served, now, selectedBy);
  }

  /** DEFAULT_VERSION names a version retired while the service runs: said once a day, not once per request. */
  #logRetiredDefault({ version, sunset }: RetiredVersionError, today: CalendarDate): void {
    if (this.#retiredDefaultLoggedOn?.equals(today) === true) return;
    this.#retiredDefaultLoggedOn = today;
    this.errorLog(
      JSON.stringify({
        time: new Date().toISOString(),
        level: 'error',
        message: `DEFAULT_VERSION=${version} was retired on ${sunset.toString()}: requests that name no version get 410; set DEFAULT_VERSION to a supported version (a restart with this one refuses to start)`,
      }),
    );
  }
}

/** A refusal other than a retired version's: the name itself is wrong (406). */
function isUnreadable(named: Named): named is Refusal {
  return named instanceof Refusal && !(named instanceof RetiredVersionError);
}

/** The version an Api-Version header or a query names: an empty one is malformed (Accept's empty `version=` names none). */
function resolveNamed(named: string, standing: VersionStanding): Version | Refusal {
  return named === '' ? new MalformedVersionError(named, standing.supported) : standing.resolve(named);
}

/** The version a request names, served or retired. */
function textOf(named: Version | Refusal): string {
  return named instanceof RetiredVersionError ? named.version : named.toString();
}
