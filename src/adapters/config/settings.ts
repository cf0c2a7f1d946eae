import { AGE_REMOVALS, type AgeRemoval } from '../../domain/api-history/age-removal.js';
import { CalendarDate } from '../../domain/records/calendar-date.js';
import type { DefaultVersionChoice } from '../../domain/versioning/default-version.js';
import { REMOVAL_READINGS, type RemovalReading } from '../../domain/versioning/removal-reading.js';
import type { Version } from '../../domain/versioning/version.js';
import { StartupError } from './startup-error.js';

/** Every setting of the service, read from the environment and validated once at start. */
export interface Settings {
  readonly port: number;
  readonly host: string;
  /** Absent: the bundled sample data. */
  readonly dataFile: string | undefined;
  readonly defaultVersion: DefaultVersionChoice;
  readonly ageRemoval: AgeRemoval;
  readonly removedIn: RemovalReading;
  /** Absent: the current UTC date. */
  readonly today: CalendarDate | undefined;
  readonly accessLog: boolean;
}

export type Environment = Readonly<Record<string, string | undefined>>;

/** The settings from environment variables; every bad one is named in one StartupError. */
export function readSettings(env: Environment, supportedVersions: readonly Version[]): Settings {
  const problems: string[] = [];
  const read = <T>(name: string, fallback: T, parse: (text: string) => T | undefined, expected: string): T => {
    const text = env[name];
    if (text === undefined) return fallback;
    const value = parse(text);
    if (value === undefined) problems.push(`${name}=${JSON.stringify(text)} is not valid: expected ${expected}`);
    return value ?? fallback;
  };
  const oneOf = <T extends string>(choices: readonly T[]) => (text: string): T | undefined => choices.find((choice) => choice === text);

  const supported = supportedVersions.map(String);
  const settings: Settings = {
    port: read('PORT', 8000, parsePort, 'a TCP port, a whole number from 0 to 65535'),
    host: read('HOST', '127.0.0.1', (text) => (text.trim() === '' || text !== text.trim() ? undefined : text), 'an address or host name to bind'),
    dataFile: read<string | undefined>('DATA_FILE', undefined, (text) => (text === '' ? undefined : text), 'the path of a JSON data file'),
    defaultVersion: read<DefaultVersionChoice>(
      'DEFAULT_VERSION',
      'latest',
      (text) => (text === 'latest' || text === 'earliest' || supported.includes(text) ? text : undefined),
      `latest, earliest or a supported version (${supported.join(', ')})`,
    ),
    ageRemoval: read('AGE_REMOVAL', 'computed', oneOf(AGE_REMOVALS), AGE_REMOVALS.join(' or ')),
    removedIn: read('REMOVED_IN', 'inclusive', oneOf(REMOVAL_READINGS), REMOVAL_READINGS.join(' or ')),
    today: read<CalendarDate | undefined>('TODAY', undefined, (text) => CalendarDate.parse(text), 'a real calendar date YYYY-MM-DD'),
    accessLog: read('ACCESS_LOG', true, (text) => (text === 'on' ? true : text === 'off' ? false : undefined), 'on or off'),
  };
  if (problems.length > 0) throw new StartupError(`bad setting${problems.length > 1 ? 's' : ''}: ${problems.join('; ')}`);
  return settings;
}

function parsePort(text: string): number | undefined {
  if (!/^(0|[1-9]\d{0,4})$/.test(text)) return undefined;
  const port = Number(text);
  return port <= 65535 ? port : undefined;
}
