import type { CalendarDate } from '../../domain/records/calendar-date.js';
import type { DefaultVersionChoice } from '../../domain/versioning/default-version.js';
import type { RemovalReading } from '../../domain/versioning/removal-reading.js';
import type { Version } from '../../domain/versioning/version.js';
import type { ApiServerOptions } from '../http/server-options.js';
import type { WebOptions } from '../http/web-options.js';
import { StartupError } from '../../domain/errors/startup-error.js';
import { SETTING_NAMES, SETTINGS, type Setting, type SettingName, type SettingValue, type Storage } from './setting-schema.js';

/** Every setting of the service, read from the environment and validated once at start. */
export interface Settings {
  readonly port: number;
  readonly host: string;
  /** Absent: the bundled sample data. */
  readonly dataFile: string | undefined;
  /** With STORAGE=memory, the JSON file of API clients (`npm run clients` writes it); absent: no clients, every caller anonymous. */
  readonly clientsFile: string | undefined;
  readonly defaultVersion: DefaultVersionChoice;
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
  /** The values of the API's own settings (defineApi's `settings`), by name. */
  readonly apiSettings: Readonly<Record<string, unknown>>;
}

/** The metrics listener's address (METRICS_PORT, METRICS_HOST). */
export interface MetricsListener {
  readonly port: number;
  readonly host: string;
}

export type Environment = Readonly<Record<string, string | undefined>>;

type Values = { readonly [N in SettingName]: SettingValue<N> };

/** Each setting's value, the layer's then the API's own, its default when unset or refused; every refused one is named in `problems`. */
function readValues(
  env: Environment,
  supportedVersions: readonly Version[],
  declared: Readonly<Record<string, Setting<unknown>>>,
): { values: Values; own: Record<string, unknown>; problems: string[]; refused: Set<string> } {
  const problems: string[] = [];
  const refused = new Set<string>();
  const read = (name: string, setting: Setting<unknown>): unknown => {
    const fallback = 'default' in setting ? setting.kind.parse(setting.default, supportedVersions) : undefined;
    const text = env[name];
    if (text === undefined) return fallback;
    const value = setting.kind.parse(text, supportedVersions);
    if (value !== undefined) return value;
    const shown = setting.secret === true ? ' (value not shown)' : `=${JSON.stringify(text)}`;
    const expected = typeof setting.expected === 'string' ? setting.expected : setting.expected(supportedVersions);
    problems.push(`${name}${shown} is not valid: expected ${expected}`);
    refused.add(name);
    return fallback;
  };
  const values = Object.fromEntries(SETTING_NAMES.map((name) => [name, read(name, SETTINGS[name])]));
  const own = Object.fromEntries(Object.entries(declared).map(([name, setting]) => [name, read(name, setting)]));
  return { values: values as Values, own, problems, refused };
}

/** The number a setting gives when it is unset. */
const defaultNumber = (setting: { readonly default: string }): number => Number(setting.default);

/** The server limits used when no setting changes them. */
export const DEFAULT_SERVER_LIMITS: ApiServerOptions = Object.freeze({
  headersTimeoutMs: defaultNumber(SETTINGS.HEADERS_TIMEOUT_MS),
  requestTimeoutMs: defaultNumber(SETTINGS.REQUEST_TIMEOUT_MS),
  keepAliveTimeoutMs: defaultNumber(SETTINGS.KEEP_ALIVE_TIMEOUT_MS),
  maxHeaderSize: defaultNumber(SETTINGS.MAX_HEADER_SIZE),
  maxRequestsPerSocket: defaultNumber(SETTINGS.MAX_REQUESTS_PER_SOCKET),
  drainTimeoutMs: defaultNumber(SETTINGS.DRAIN_TIMEOUT_MS),
});

/** PostgreSQL's `statement_timeout` when DATABASE_STATEMENT_TIMEOUT_MS is unset. */
export const DEFAULT_STATEMENT_TIMEOUT_MS = defaultNumber(SETTINGS.DATABASE_STATEMENT_TIMEOUT_MS);

/** The settings from environment variables, the layer's and those the API `declared`; every bad one is named in one StartupError. */
export function readSettings(
  env: Environment,
  supportedVersions: readonly Version[],
  declared: Readonly<Record<string, Setting<unknown>>> = {},
): Settings {
  const { values, own, problems, refused } = readValues(env, supportedVersions, declared);
  const settings: Settings = {
    port: values.PORT,
    host: values.HOST,
    dataFile: values.DATA_FILE,
    clientsFile: values.CLIENTS_FILE,
    defaultVersion: values.DEFAULT_VERSION,
    removedIn: values.REMOVED_IN,
    today: values.TODAY,
    accessLog: values.ACCESS_LOG,
    storage: values.STORAGE,
    databaseUrl: values.DATABASE_URL,
    databasePoolSize: values.DATABASE_POOL_SIZE,
    databaseStatementTimeoutMs: values.DATABASE_STATEMENT_TIMEOUT_MS,
    databaseConnectTimeoutMs: values.DATABASE_CONNECT_TIMEOUT_MS,
    workers: values.WORKERS,
    limits: {
      headersTimeoutMs: values.HEADERS_TIMEOUT_MS,
      requestTimeoutMs: values.REQUEST_TIMEOUT_MS,
      keepAliveTimeoutMs: values.KEEP_ALIVE_TIMEOUT_MS,
      maxHeaderSize: values.MAX_HEADER_SIZE,
      maxRequestsPerSocket: values.MAX_REQUESTS_PER_SOCKET,
      drainTimeoutMs: values.DRAIN_TIMEOUT_MS,
    },
    web: { corsOrigins: values.CORS_ORIGINS, corsMaxAgeSeconds: values.CORS_MAX_AGE, cacheMaxAgeSeconds: values.CACHE_MAX_AGE },
    usageSpoolDir: values.USAGE_SPOOL_DIR,
    metrics: values.METRICS_PORT === undefined ? undefined : { port: values.METRICS_PORT, host: values.METRICS_HOST },
    apiSettings: own,
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
