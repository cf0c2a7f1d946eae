import { AGE_REMOVALS, type AgeRemoval } from '../../domain/api-history/versions/age-removal.js';
import { CalendarDate } from '../../domain/records/calendar-date.js';
import { chooseDefaultVersion, type DefaultVersionChoice } from '../../domain/versioning/default-version.js';
import { REMOVAL_READINGS, type RemovalReading } from '../../domain/versioning/removal-reading.js';
import type { Version } from '../../domain/versioning/version.js';
import type { ApiServerOptions } from '../http/api-server.js';
import { DEFAULT_WEB_OPTIONS, parseCorsOrigins, type WebOptions } from '../http/caching/web-options.js';
import { StartupError } from '../../domain/errors/startup-error.js';

/** Every setting of the service, read from the environment and validated once at start. */
export interface Settings {
  readonly port: number;
  readonly host: string;
  /** Absent: the bundled sample data. */
  readonly dataFile: string | undefined;
  /** With STORAGE=memory, the JSON file of API clients (`npm run clients` writes it); absent: no clients, every caller anonymous. */
  readonly clientsFile: string | undefined;
  readonly defaultVersion: DefaultVersionChoice;
  readonly ageRemoval: AgeRemoval;
  readonly removedIn: RemovalReading;
  /** Absent: the current UTC date. */
  readonly today: CalendarDate | undefined;
  readonly accessLog: boolean;
  readonly storage: Storage;
  /** Required with STORAGE=postgres, refused otherwise. */
  readonly databaseUrl: string | undefined;
  readonly databasePoolSize: number;
  /** PostgreSQL's `statement_timeout` on every pooled connection: below the client's 10 s query timeout. */
  readonly databaseStatementTimeoutMs: number;
  /** How long the start retries an unreachable database before it gives up. */
  readonly databaseConnectTimeoutMs: number;
  /** 1: one process; more: a node:cluster primary and that many workers sharing the port. */
  readonly workers: number;
  /** The limits of the HTTP server. */
  readonly limits: ApiServerOptions;
  /** CORS and caching: CORS_ORIGINS, CORS_MAX_AGE, CACHE_MAX_AGE. */
  readonly web: WebOptions;
  /** The folder of the request counts that could not be stored at stop, stored at the next start (STORAGE=postgres). */
  readonly usageSpoolDir: string;
  /** Where `GET /metrics` listens, on a port of its own; absent (METRICS_PORT unset): no metrics. */
  readonly metrics: MetricsListener | undefined;
}

/** The metrics listener's address (METRICS_PORT, METRICS_HOST). */
export interface MetricsListener {
  readonly port: number;
  readonly host: string;
}

/** The server limits used when no setting changes them. */
export const DEFAULT_SERVER_LIMITS: ApiServerOptions = Object.freeze({
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  maxHeaderSize: 16_384,
  maxRequestsPerSocket: 1_000,
  drainTimeoutMs: 10_000,
});

export const STORAGES = ['memory', 'postgres'] as const;
export type Storage = (typeof STORAGES)[number];
const SECRET_SETTINGS = ['DATABASE_URL'];
const MAX_POOL_SIZE = 1000;
const MAX_CONNECT_TIMEOUT_MS = 3_600_000;
/** The PostgreSQL client gives up on a query after 10 s (postgres-pool.ts); the server's limit is set just under it. */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 9_500;
const MAX_STATEMENT_TIMEOUT_MS = 9_999;
const MAX_WORKERS = 256;
/** The longest duration a timer can wait (2^31 - 1 ms, about 24.8 days); node clamps longer ones to 1 ms. */
const MAX_DURATION_MS = 2_147_483_647;
const MIN_HEADER_SIZE = 1_024;
/** A day: browsers cap a preflight's max-age lower anyway (Chromium at 2 hours, Firefox at 24). */
const MAX_CORS_MAX_AGE = 86_400;
/** A year, the longest max-age RFC 9111 suggests a sender use. */
const MAX_CACHE_MAX_AGE = 31_536_000;
const MAX_HEADER_SIZE = 1_048_576;

export type Environment = Readonly<Record<string, string | undefined>>;

/** The settings from environment variables; every bad one is named in one StartupError. */
export function readSettings(env: Environment, supportedVersions: readonly Version[]): Settings {
  const problems: string[] = [];
  const refused = new Set<string>();
  const read = <T>(name: string, fallback: T, parse: (text: string) => T | undefined, expected: string): T => {
    const text = env[name];
    if (text === undefined) return fallback;
    const value = parse(text);
    // A database URL may hold a password: it is never echoed.
    const shown = SECRET_SETTINGS.includes(name) ? ' (value not shown)' : `=${JSON.stringify(text)}`;
    if (value === undefined) {
      problems.push(`${name}${shown} is not valid: expected ${expected}`);
      refused.add(name);
    }
    return value ?? fallback;
  };
  const duration = (name: string, fallback: number): number =>
    read(name, fallback, wholeNumber(1, MAX_DURATION_MS), `milliseconds, a whole number from 1 to ${MAX_DURATION_MS}`);
  const oneOf =
    <T extends string>(choices: readonly T[]) =>
    (text: string): T | undefined =>
      choices.find((choice) => choice === text);

  const supported = supportedVersions.map(String);
  const bindHost = (text: string): string | undefined => (text.trim() === '' || text !== text.trim() ? undefined : text);
  const settings: Settings = {
    port: read('PORT', 8000, parsePort, 'a TCP port, a whole number from 0 to 65535'),
    host: read('HOST', '127.0.0.1', bindHost, 'an address or host name to bind'),
    dataFile: read<string | undefined>('DATA_FILE', undefined, (text) => (text === '' ? undefined : text), 'the path of a JSON data file'),
    clientsFile: read<string | undefined>('CLIENTS_FILE', undefined, (text) => (text === '' ? undefined : text), 'the path of a JSON clients file'),
    defaultVersion: read<DefaultVersionChoice>(
      'DEFAULT_VERSION',
      'latest',
      (text) => (chooseDefaultVersion(text, supportedVersions) === undefined ? undefined : text),
      `latest, earliest or a supported version (${supported.join(', ')})`,
    ),
    ageRemoval: read('AGE_REMOVAL', 'computed', oneOf(AGE_REMOVALS), AGE_REMOVALS.join(' or ')),
    removedIn: read('REMOVED_IN', 'inclusive', oneOf(REMOVAL_READINGS), REMOVAL_READINGS.join(' or ')),
    today: read<CalendarDate | undefined>('TODAY', undefined, (text) => CalendarDate.parse(text), 'a real calendar date YYYY-MM-DD'),
    accessLog: read('ACCESS_LOG', true, (text) => (text === 'on' ? true : text === 'off' ? false : undefined), 'on or off'),
    storage: read<Storage>('STORAGE', 'memory', oneOf(STORAGES), STORAGES.join(' or ')),
    databaseUrl: read<string | undefined>('DATABASE_URL', undefined, parseDatabaseUrl, 'a URL postgres://user:password@host:port/database'),
    databasePoolSize: read('DATABASE_POOL_SIZE', 10, wholeNumber(1, MAX_POOL_SIZE), `a whole number from 1 to ${MAX_POOL_SIZE}`),
    databaseStatementTimeoutMs: read(
      'DATABASE_STATEMENT_TIMEOUT_MS',
      DEFAULT_STATEMENT_TIMEOUT_MS,
      wholeNumber(1, MAX_STATEMENT_TIMEOUT_MS),
      `a whole number of milliseconds from 1 to ${MAX_STATEMENT_TIMEOUT_MS}, under the client's 10000 ms query timeout`,
    ),
    databaseConnectTimeoutMs: read(
      'DATABASE_CONNECT_TIMEOUT_MS',
      30_000,
      wholeNumber(0, MAX_CONNECT_TIMEOUT_MS),
      `a whole number of milliseconds from 0 to ${MAX_CONNECT_TIMEOUT_MS}`,
    ),
    workers: read('WORKERS', 1, wholeNumber(1, MAX_WORKERS), `a whole number of processes from 1 to ${MAX_WORKERS}`),
    limits: {
      headersTimeoutMs: duration('HEADERS_TIMEOUT_MS', DEFAULT_SERVER_LIMITS.headersTimeoutMs),
      requestTimeoutMs: duration('REQUEST_TIMEOUT_MS', DEFAULT_SERVER_LIMITS.requestTimeoutMs),
      keepAliveTimeoutMs: duration('KEEP_ALIVE_TIMEOUT_MS', DEFAULT_SERVER_LIMITS.keepAliveTimeoutMs),
      maxHeaderSize: read(
        'MAX_HEADER_SIZE',
        DEFAULT_SERVER_LIMITS.maxHeaderSize,
        wholeNumber(MIN_HEADER_SIZE, MAX_HEADER_SIZE),
        `bytes, a whole number from ${MIN_HEADER_SIZE} to ${MAX_HEADER_SIZE}`,
      ),
      maxRequestsPerSocket: read(
        'MAX_REQUESTS_PER_SOCKET',
        DEFAULT_SERVER_LIMITS.maxRequestsPerSocket,
        wholeNumber(0, Number.MAX_SAFE_INTEGER),
        'a whole number, 0 for no limit',
      ),
      drainTimeoutMs: duration('DRAIN_TIMEOUT_MS', DEFAULT_SERVER_LIMITS.drainTimeoutMs),
    },
    web: {
      corsOrigins: read(
        'CORS_ORIGINS',
        DEFAULT_WEB_OPTIONS.corsOrigins,
        parseCorsOrigins,
        '*, none, or a comma-separated list of origins such as https://app.example,http://localhost:3000 (scheme, host and port; no path, no trailing slash)',
      ),
      corsMaxAgeSeconds: read(
        'CORS_MAX_AGE',
        DEFAULT_WEB_OPTIONS.corsMaxAgeSeconds,
        wholeNumber(0, MAX_CORS_MAX_AGE),
        `seconds, a whole number from 0 to ${MAX_CORS_MAX_AGE}`,
      ),
      cacheMaxAgeSeconds: read(
        'CACHE_MAX_AGE',
        DEFAULT_WEB_OPTIONS.cacheMaxAgeSeconds,
        wholeNumber(0, MAX_CACHE_MAX_AGE),
        `seconds, a whole number from 0 (no-cache: always revalidate) to ${MAX_CACHE_MAX_AGE}`,
      ),
    },
    usageSpoolDir: read('USAGE_SPOOL_DIR', 'usage-spool', (text) => (text === '' ? undefined : text), 'the path of a folder'),
    metrics: readMetricsListener(read, bindHost),
  };
  problems.push(...metricsConflicts(env, settings, refused));
  problems.push(...storageConflicts(env, settings));
  const { headersTimeoutMs, requestTimeoutMs } = settings.limits;
  if (!refused.has('HEADERS_TIMEOUT_MS') && !refused.has('REQUEST_TIMEOUT_MS') && headersTimeoutMs > requestTimeoutMs) {
    const given = (name: string, value: number) =>
      env[name] === undefined ? `${name} (${value}, the default)` : `${name}=${JSON.stringify(env[name])}`;
    problems.push(
      `${given('HEADERS_TIMEOUT_MS', headersTimeoutMs)} is longer than ${given('REQUEST_TIMEOUT_MS', requestTimeoutMs)}: ` +
        'the headers are part of the request, so HEADERS_TIMEOUT_MS must not exceed REQUEST_TIMEOUT_MS',
    );
  }
  if (problems.length > 0) throw new StartupError(`bad setting${problems.length > 1 ? 's' : ''}: ${problems.join('; ')}`);
  return settings;
}

type Read = <T>(name: string, fallback: T, parse: (text: string) => T | undefined, expected: string) => T;

function readMetricsListener(read: Read, bindHost: (text: string) => string | undefined): MetricsListener | undefined {
  const port = read<number | undefined>('METRICS_PORT', undefined, parsePort, 'a TCP port, a whole number from 0 to 65535, other than PORT');
  const host = read('METRICS_HOST', '127.0.0.1', bindHost, 'an address or host name to bind');
  return port === undefined ? undefined : { port, host };
}

/** Metrics on the API's port, or a METRICS_HOST that would serve nothing. */
function metricsConflicts(env: Environment, { port, metrics }: Settings, refused: ReadonlySet<string>): string[] {
  if (refused.has('METRICS_PORT') || refused.has('PORT')) return [];
  if (metrics === undefined) {
    return env['METRICS_HOST'] === undefined
      ? []
      : ['METRICS_HOST is set but METRICS_PORT is not, so no metrics would be served: set METRICS_PORT, or unset METRICS_HOST'];
  }
  // Port 0 picks a free port for each listener, so two zeros never collide.
  if (metrics.port !== 0 && metrics.port === port) {
    return [`METRICS_PORT=${JSON.stringify(env['METRICS_PORT'])} is PORT too: metrics are never served on the API's port; choose another port`];
  }
  return [];
}

/** The combinations of storage settings that cannot work, each said with its fix. */
function storageConflicts(env: Environment, settings: Settings): string[] {
  const storage = env['STORAGE'] ?? settings.storage;
  if (storage === 'postgres') {
    const conflicts: string[] = [];
    if (env['DATABASE_URL'] === undefined) conflicts.push('STORAGE="postgres" needs DATABASE_URL, the URL of the database');
    if (env['DATA_FILE'] !== undefined) {
      conflicts.push(
        'DATA_FILE is not read with STORAGE="postgres": load the file into the database with `npm run load-data -- FILE`, then unset DATA_FILE',
      );
    }
    if (env['CLIENTS_FILE'] !== undefined) {
      conflicts.push('CLIENTS_FILE is not read with STORAGE="postgres": the clients are kept in the database (npm run clients); unset CLIENTS_FILE');
    }
    return conflicts;
  }
  if (storage === 'memory' && env['DATABASE_URL'] !== undefined) {
    return ['DATABASE_URL is set but STORAGE is "memory", so the database would be ignored: set STORAGE=postgres, or unset DATABASE_URL'];
  }
  return [];
}

function parseDatabaseUrl(text: string): string | undefined {
  if (!URL.canParse(text)) return undefined;
  const url = new URL(text);
  return (url.protocol === 'postgres:' || url.protocol === 'postgresql:') && url.hostname !== '' ? text : undefined;
}

function wholeNumber(min: number, max: number) {
  return (text: string): number | undefined => {
    if (!/^(0|[1-9]\d*)$/.test(text)) return undefined;
    const value = Number(text);
    return value >= min && value <= max ? value : undefined;
  };
}

function parsePort(text: string): number | undefined {
  if (!/^(0|[1-9]\d{0,4})$/.test(text)) return undefined;
  const port = Number(text);
  return port <= 65535 ? port : undefined;
}
