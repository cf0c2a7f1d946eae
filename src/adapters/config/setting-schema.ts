import { REMOVAL_READINGS } from '../../domain/versioning/removal-reading.js';
import type { Version } from '../../domain/versioning/version.js';
import {
  bindHost,
  calendarDate,
  corsOrigins,
  defaultVersion,
  oneOf,
  onOff,
  path,
  port,
  postgresUrl,
  wholeNumber,
  type SettingKind,
} from './setting-kinds.js';

/** One setting: what its text may be, what a refusal says is expected, and its default. */
export type Setting<T> = {
  readonly kind: SettingKind<T>;
  readonly expected: string | ((supported: readonly Version[]) => string);
  /** A secret's value is never echoed in a refusal. */
  readonly secret?: true;
} & (
  | {
      /** The text read when the setting is unset, as one would write it. */
      readonly default: string;
    }
  | {
      /** What an unset setting means, in the words of the docs' tables; its value is undefined. */
      readonly unset: string;
    }
);

export const STORAGES = ['memory', 'postgres'] as const;
export type Storage = (typeof STORAGES)[number];
const MAX_POOL_SIZE = 1000;
const MAX_CONNECT_TIMEOUT_MS = 3_600_000;
const MAX_STATEMENT_TIMEOUT_MS = 9_999;
const MAX_WORKERS = 256;
/** The longest duration a timer can wait (2^31 - 1 ms, about 24.8 days); node clamps longer ones to 1 ms. */
const MAX_DURATION_MS = 2_147_483_647;
const MIN_HEADER_SIZE = 1_024;
const MAX_HEADER_SIZE = 1_048_576;
/** A day: browsers cap a preflight's max-age lower anyway (Chromium at 2 hours, Firefox at 24). */
const MAX_CORS_MAX_AGE = 86_400;
/** A year, the longest max-age RFC 9111 suggests a sender use. */
const MAX_CACHE_MAX_AGE = 31_536_000;

const duration = (fallback: string) =>
  ({
    kind: wholeNumber(1, MAX_DURATION_MS),
    default: fallback,
    expected: `milliseconds, a whole number from 1 to ${MAX_DURATION_MS}`,
  }) as const;

/**
 * Every setting of the layer, by its environment variable, in the order they are read and documented:
 * docs/configuration.md and the README's table list them so (a test compares them), and the tests read the names here.
 * An API's own settings (defineApi's `settings`, api-setting.ts) are read after them.
 */
export const SETTINGS = {
  PORT: { kind: port, default: '8000', expected: 'a TCP port, a whole number from 0 to 65535' },
  HOST: { kind: bindHost, default: '127.0.0.1', expected: 'an address or host name to bind' },
  DATA_FILE: { kind: path, unset: 'the bundled sample', expected: 'the path of a JSON data file' },
  CLIENTS_FILE: { kind: path, unset: 'none', expected: 'the path of a JSON clients file' },
  DEFAULT_VERSION: {
    kind: defaultVersion,
    default: 'latest',
    expected: (supported: readonly Version[]) => `latest, earliest or a supported version (${supported.map(String).join(', ')})`,
  },
  REMOVED_IN: { kind: oneOf(REMOVAL_READINGS), default: 'inclusive', expected: REMOVAL_READINGS.join(' or ') },
  TODAY: { kind: calendarDate, unset: 'the current UTC date', expected: 'a real calendar date YYYY-MM-DD' },
  ACCESS_LOG: { kind: onOff, default: 'on', expected: 'on or off' },
  STORAGE: { kind: oneOf(STORAGES), default: 'memory', expected: STORAGES.join(' or ') },
  // A database URL may hold a password.
  DATABASE_URL: { kind: postgresUrl, unset: 'none', expected: 'a URL postgres://user:password@host:port/database', secret: true },
  DATABASE_POOL_SIZE: { kind: wholeNumber(1, MAX_POOL_SIZE), default: '10', expected: `a whole number from 1 to ${MAX_POOL_SIZE}` },
  // The PostgreSQL client gives up on a query after 10 s (postgres-pool.ts); the server's limit is set just under it.
  DATABASE_STATEMENT_TIMEOUT_MS: {
    kind: wholeNumber(1, MAX_STATEMENT_TIMEOUT_MS),
    default: '9500',
    expected: `a whole number of milliseconds from 1 to ${MAX_STATEMENT_TIMEOUT_MS}, under the client's 10000 ms query timeout`,
  },
  DATABASE_CONNECT_TIMEOUT_MS: {
    kind: wholeNumber(0, MAX_CONNECT_TIMEOUT_MS),
    default: '30000',
    expected: `a whole number of milliseconds from 0 to ${MAX_CONNECT_TIMEOUT_MS}`,
  },
  WORKERS: { kind: wholeNumber(1, MAX_WORKERS), default: '1', expected: `a whole number of processes from 1 to ${MAX_WORKERS}` },
  HEADERS_TIMEOUT_MS: duration('10000'),
  REQUEST_TIMEOUT_MS: duration('30000'),
  KEEP_ALIVE_TIMEOUT_MS: duration('5000'),
  MAX_HEADER_SIZE: {
    kind: wholeNumber(MIN_HEADER_SIZE, MAX_HEADER_SIZE),
    default: '16384',
    expected: `bytes, a whole number from ${MIN_HEADER_SIZE} to ${MAX_HEADER_SIZE}`,
  },
  MAX_REQUESTS_PER_SOCKET: { kind: wholeNumber(0), default: '1000', expected: 'a whole number, 0 for no limit' },
  DRAIN_TIMEOUT_MS: duration('10000'),
  CORS_ORIGINS: {
    kind: corsOrigins,
    default: '*',
    expected:
      '*, none, or a comma-separated list of origins such as https://app.example,http://localhost:3000 (scheme, host and port; no path, no trailing slash)',
  },
  CORS_MAX_AGE: { kind: wholeNumber(0, MAX_CORS_MAX_AGE), default: '7200', expected: `seconds, a whole number from 0 to ${MAX_CORS_MAX_AGE}` },
  CACHE_MAX_AGE: {
    kind: wholeNumber(0, MAX_CACHE_MAX_AGE),
    default: '0',
    expected: `seconds, a whole number from 0 (no-cache: always revalidate) to ${MAX_CACHE_MAX_AGE}`,
  },
  USAGE_SPOOL_DIR: { kind: path, default: 'usage-spool', expected: 'the path of a folder' },
  METRICS_PORT: { kind: port, unset: 'off', expected: 'a TCP port, a whole number from 0 to 65535, other than PORT' },
  METRICS_HOST: { kind: bindHost, default: '127.0.0.1', expected: 'an address or host name to bind' },
} as const satisfies Readonly<Record<string, Setting<unknown>>>;

export type SettingName = keyof typeof SETTINGS;

/** The value a setting gives: undefined too when it has no default. */
export type SettingValue<N extends SettingName> = (typeof SETTINGS)[N] extends { readonly kind: SettingKind<infer T>; readonly default: string }
  ? T
  : (typeof SETTINGS)[N] extends { readonly kind: SettingKind<infer T> }
    ? T | undefined
    : never;

/** Every setting's name, in the schema's order. */
export const SETTING_NAMES = Object.keys(SETTINGS) as readonly SettingName[];
