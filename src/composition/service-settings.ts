import { readSettings, type Environment, type Settings } from '../adapters/config/settings.js';
import { FixedClock } from '../adapters/clock/fixed-clock.js';
import { SystemClock } from '../adapters/clock/system-clock.js';
import type { Clock } from '../application/ports/clock.js';
import type { ApiDefinition } from './api-definition.js';
import type { CalendarDate } from '../domain/records/calendar-date.js';
import { StartupError } from '../domain/errors/startup-error.js';
import { RetiredVersionError } from '../domain/versioning/refusals.js';
import { Version } from '../domain/versioning/version.js';
import type { VersionModel } from '../domain/versioning/version-model.js';

/** Every setting, the layer's and the API's own, checked; throws StartupError naming each bad one. Read once a process. */
export function readServiceSettings(env: Environment, { versions, settings }: Pick<ApiDefinition, 'versions' | 'settings'>): Settings {
  return readSettings(
    env,
    versions.map((version) => Version.parse(version)),
    settings,
  );
}

/** The clock the settings choose: TODAY's fixed day, or the system's. The one place it is chosen. */
export function clockOf(settings: Pick<Settings, 'today'>): Clock {
  return settings.today === undefined ? new SystemClock() : new FixedClock(settings.today);
}

/** A DEFAULT_VERSION whose sunset has come by the day of the start refuses the start. */
export function refuseRetiredDefault(model: VersionModel, today: CalendarDate): void {
  const standing = model.standingOn(today);
  const byDefault = standing.resolve(undefined);
  // With no version named, the only refusal is a retired default.
  if (byDefault instanceof RetiredVersionError) {
    const { version, sunset } = byDefault;
    throw new StartupError(
      `bad setting: DEFAULT_VERSION="${version}" names a version retired on ${sunset.toString()}, its sunset date (today is ${today.toString()}); ` +
        `set it to latest, earliest or a supported version (${standing.supported.join(', ')})`,
    );
  }
}
