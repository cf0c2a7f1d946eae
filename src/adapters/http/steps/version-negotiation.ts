import type { VersionStandings } from '../../../application/versioning/version-standings.js';
import { DomainError } from '../../../domain/errors/domain-error.js';
import type { CalendarDate } from '../../../domain/records/calendar-date.js';
import { RetiredVersionError } from '../../../domain/versioning/retired-version-error.js';
import type { Version } from '../../../domain/versioning/version.js';
import type { VersionStanding } from '../../../domain/versioning/version-standing.js';
import type { LogSink } from '../../logging/log-sink.js';
import { acceptCaches, type VersionSelector, type VersionSelectorFactory } from '../request/accept-cache.js';

/** What a client's Accept that names no version selects: the client's pin then decides. Never answered. */
class NoVersionNamed extends DomainError {
  readonly code = 'no_version_named';
}
const NO_VERSION_NAMED = Object.freeze(new NoVersionNamed('no version named'));

/**
 * The version a request is served at, from its Accept header, as the versions stand on the request's day: a 406 for
 * a malformed or unsupported version, a 410 from a version's sunset on. One VersionSelector (an AcceptCache) per
 * standing, made at start (a sunset changes what a header selects). A default version retired while the service runs is logged once a day.
 */
export class VersionNegotiation {
  readonly #selectors = new Map<VersionStanding, VersionSelector>();
  /** For a client's requests: the same, but a header naming no version selects NO_VERSION_NAMED, so that the pin decides. */
  readonly #pinnedSelectors = new Map<VersionStanding, VersionSelector>();
  /** The day a request last met a retired default version. */
  #retiredDefaultLoggedOn: CalendarDate | undefined;

  constructor(
    private readonly standings: Pick<VersionStandings, 'on' | 'all'>,
    private readonly errorLog: LogSink,
    selectorOf: VersionSelectorFactory = acceptCaches,
  ) {
    for (const standing of standings.all) {
      const supported = standing.supported.map((version) => version.toString());
      this.#selectors.set(
        standing,
        selectorOf((requested) => standing.resolve(requested), supported),
      );
      this.#pinnedSelectors.set(
        standing,
        selectorOf((requested) => (requested === undefined || requested === '' ? NO_VERSION_NAMED : standing.resolve(requested)), supported),
      );
    }
  }

  /** The version a client's request is served at: the one its Accept names, else its pin (a retired pin is a 410 naming it). */
  selectPinned(accept: string | undefined, today: CalendarDate, pin: string): Version | DomainError {
    const standing = this.standings.on(today);
    const named = (this.#pinnedSelectors.get(standing) as VersionSelector).select(accept);
    if (named !== NO_VERSION_NAMED) return named;
    const version = standing.resolve(pin);
    return version instanceof RetiredVersionError ? new RetiredVersionError(pin, version.sunset, standing.supported, 'pin') : version;
  }

  /** The version, or the refusal to answer with. */
  select(accept: string | undefined, today: CalendarDate): Version | DomainError {
    const version = (this.#selectors.get(this.standings.on(today)) as VersionSelector).select(accept);
    if (version instanceof RetiredVersionError && version.byDefault === true) this.#logRetiredDefault(version, today);
    return version;
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
