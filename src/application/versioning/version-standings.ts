import { inject, injectable } from 'inversify';
import type { CalendarDate } from '../../domain/records/calendar-date.js';
import type { Version } from '../../domain/versioning/version.js';
import type { VersionLifecycle } from '../../domain/versioning/version-lifecycle.js';
import type { AdvertisedVersions, VersionStanding } from '../../domain/versioning/version-standing.js';
import type { VersionModel } from '../../domain/versioning/version-model.js';
import { VERSION_MODEL } from '../ports/version-model.js';

/** A version and what it declares of its end. */
export interface VersionWithLifecycle {
  readonly version: Version;
  readonly lifecycle: VersionLifecycle;
}

/**
 * The versions as they stand on a given day: from its sunset date on a version is refused, and a request naming none
 * gets the default of the day. The day is the caller's (a request reads its date once, from the clock); a standing's
 * `resolve` gives the version a request is served at.
 */
@injectable()
export class VersionStandings {
  /** Every version, newest first, with its lifecycle. */
  readonly lifecycles: readonly VersionWithLifecycle[];
  /** Every standing, oldest first: one per sunset date, and the one before them. */
  readonly all: readonly VersionStanding[];
  /** Set when no version has a sunset: every day then stands alike. */
  readonly #only: VersionStanding | undefined;

  constructor(@inject(VERSION_MODEL) private readonly model: Pick<VersionModel, 'versions' | 'lifecycleOf' | 'standings' | 'standingOn'>) {
    this.lifecycles = Object.freeze(model.versions.map((version) => Object.freeze({ version, lifecycle: model.lifecycleOf(version) })));
    this.all = model.standings;
    this.#only = model.standings.length === 1 ? model.standings[0] : undefined;
  }

  /** The versions as they stand on `day`. */
  on(day: CalendarDate): VersionStanding {
    return this.#only ?? this.model.standingOn(day);
  }

  /** The versions served on `day` that are not deprecated by then, and those that are; oldest first. */
  advertisedOn(day: CalendarDate): AdvertisedVersions {
    return this.on(day).advertisedOn(day);
  }
}
