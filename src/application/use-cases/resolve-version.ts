import { inject, injectable } from 'inversify';
import type { CalendarDate } from '../../domain/records/calendar-date.js';
import type { Version } from '../../domain/versioning/version.js';
import type { VersionLifecycle } from '../../domain/versioning/version-lifecycle.js';
import type { AdvertisedVersions, VersionRefusal, VersionStanding } from '../../domain/versioning/version-standing.js';
import { CLOCK, type Clock } from '../ports/clock.js';
import type { VersionModel } from '../../domain/versioning/version-model.js';
import { VERSION_MODEL } from '../ports/version-model.js';

export interface ResolveVersionInput {
  /** The version the client asked for; absent or empty means the default. */
  readonly requested: string | undefined;
}

/** A version and what it declares of its end. */
export interface VersionWithLifecycle {
  readonly version: Version;
  readonly lifecycle: VersionLifecycle;
}

/**
 * The supported version a request is served at, as the versions stand today (the clock's date: TODAY, or the UTC
 * date): from its sunset date on a version is refused, and a request naming none gets the default of the day.
 */
@injectable()
export class ResolveVersion {
  /** Every version, newest first, with its lifecycle. */
  readonly lifecycles: readonly VersionWithLifecycle[];
  /** Set when no version has a sunset: every day then stands alike, and the clock need not be read. */
  readonly #only: VersionStanding | undefined;

  constructor(
    @inject(VERSION_MODEL) private readonly model: Pick<VersionModel, 'versions' | 'lifecycleOf' | 'standings' | 'standingOn'>,
    @inject(CLOCK) private readonly clock: Clock,
  ) {
    this.lifecycles = Object.freeze(model.versions.map((version) => Object.freeze({ version, lifecycle: model.lifecycleOf(version) })));
    this.#only = model.standings.length === 1 ? model.standings[0] : undefined;
  }

  /** The versions as they stand today. */
  standing(): VersionStanding {
    return this.#only ?? this.model.standingOn(this.clock.today());
  }

  /** The versions served today that are not deprecated by today, and those that are; oldest first. */
  advertised(): AdvertisedVersions {
    return this.standing().advertisedOn(this.clock.today());
  }

  today(): CalendarDate {
    return this.clock.today();
  }

  /** The version, or the refusal (MalformedVersionError, UnsupportedVersionError or RetiredVersionError), returned. */
  execute({ requested }: ResolveVersionInput): Version | VersionRefusal {
    return this.standing().resolve(requested);
  }
}
