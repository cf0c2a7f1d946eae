import { setTimeout as sleep } from 'node:timers/promises';
import { ContainerModule } from 'inversify';
import type pg from 'pg';
import type { Registry } from 'prom-client';
import { CLIENT_REPOSITORY, type ClientRepository } from '../../../application/ports/client-repository.js';
import { USAGE_STORE, type UsageStore } from '../../../application/ports/usage-store.js';
import { PostgresUsageStore } from './postgres-usage-store.js';
import type { Clock } from '../../../application/ports/clock.js';
import { HEALTH_CHECK, type HealthCheck } from '../../../application/ports/health-check.js';
import { repositoryOf, type RecordRepository } from '../../../application/ports/record-repository.js';
import { writerOf, type RecordWriter } from '../../../application/ports/record-writer.js';
import type { CalendarDate } from '../../../domain/records/calendar-date.js';
import { PostgresClientRepository } from './postgres-client-repository.js';
import { isUnavailable } from './postgres-failures.js';
import { PostgresHealthCheck } from './postgres-health-check.js';
import { registerPoolMetrics } from './postgres-pool-metrics.js';
import { CONNECTION_TIMEOUT_MS, createPool, redactedUrl } from './postgres-pool.js';
import { PostgresRecordRepository } from './postgres-record-repository.js';
import { PostgresRecordWriter } from './postgres-record-writer.js';
import { CacheSizes } from '../../caching/cache-sizes.js';
import { migrateSchema, UnfitTablesError } from './postgres-schema.js';
import { recordTableOf, type RecordTable } from './record-table.js';
import type { AnyRecordCollection } from '../../../domain/versioning/record-collection.js';
import type { UsageSpool } from '../usage-spool.js';
import { StartupError } from '../../../domain/errors/startup-error.js';

const FIRST_RETRY_MS = 100;
const LONGEST_RETRY_MS = 5_000;

export interface PostgresConnection {
  readonly url: string;
  readonly poolSize: number;
  /** PostgreSQL's `statement_timeout` on every pooled connection, in milliseconds. */
  readonly statementTimeoutMs: number;
  /** How long to keep retrying an unreachable database, in milliseconds. */
  readonly connectTimeoutMs: number;
  /** Where warnings go: retries at start, connections lost while idle. One JSON line each. */
  readonly log: (line: string) => void;
}

/** A migrated database and its pool; `close` ends the pool. */
export interface PostgresStore {
  readonly pool: pg.Pool;
  close(): Promise<void>;
}

/** A migrated database, its pool and its clients, all loaded and followed; `close` stops following and ends the pool. */
export interface PostgresClientStore extends PostgresStore {
  readonly clients: ClientRepository;
}

/** Writes a warning to `log` as one JSON line. */
function warnTo(log: (line: string) => void): (message: string, fields: Record<string, unknown>) => void {
  return (message, fields) => log(JSON.stringify({ time: new Date().toISOString(), level: 'warn', message, ...fields }));
}

/**
 * Connects, retrying an unreachable database with backoff for `connectTimeoutMs`, checks the layer's schema for the
 * API's `tables` and makes what is missing of it (`migrateSchema`). Throws StartupError naming DATABASE_URL (password
 * hidden) when it cannot, its pool ended.
 */
export async function connectPostgres(connection: PostgresConnection, tables: readonly RecordTable<unknown>[]): Promise<PostgresStore> {
  const { url, connectTimeoutMs, log } = connection;
  const warn = warnTo(log);
  const pool = createPool({
    url,
    size: connection.poolSize,
    statementTimeoutMs: connection.statementTimeoutMs,
    onIdleError: (error) => warn('database connection lost', { error: error.message }),
  });
  const deadline = Date.now() + connectTimeoutMs;
  for (let delay = FIRST_RETRY_MS; ; delay = Math.min(delay * 2, LONGEST_RETRY_MS)) {
    try {
      await migrateSchema(pool, tables);
      break;
    } catch (error) {
      const reason = failureOf(error, url);
      const wait = Math.min(delay, deadline - Date.now());
      const unfit = error instanceof UnfitTablesError;
      if (unfit || !isUnavailable(error) || wait <= 0) {
        await pool.end();
        const what = unfit
          ? 'holds tables the layer cannot take as its own, and was left as it was'
          : isUnavailable(error)
            ? `cannot be reached within DATABASE_CONNECT_TIMEOUT_MS=${connectTimeoutMs}`
            : 'refused the start';
        throw new StartupError(`the database at DATABASE_URL ${redactedUrl(url)} ${what}: ${reason}`);
      }
      warn('database unreachable, retrying', { error: reason, retry_in_ms: wait });
      await sleep(wait);
    }
  }
  return { pool, close: () => pool.end() };
}

/**
 * Why a connection failed, in words: pg reports a host that never answers as "Connection terminated due to connection
 * timeout" (or "unexpectedly"), which does not say that nothing answered, nor where.
 */
function failureOf(error: unknown, url: string): string {
  const { message, code } = error as { message: string; code?: unknown };
  const { hostname, port } = new URL(url);
  const where = `${hostname}:${port === '' ? '5432' : port}`;
  if (code === undefined && /^Connection terminated/.test(message)) {
    return `could not connect to ${where} within the ${CONNECTION_TIMEOUT_MS} ms connection timeout: nothing answered`;
  }
  if (code === 'ECONNREFUSED') return `nothing accepts connections at ${where} (${message})`;
  return message;
}

/**
 * Connects and migrates as `connectPostgres` does, then loads every client and follows the changes made by any
 * process (the CLI's way to the clients, and the service's). Throws StartupError when the clients cannot be followed.
 */
export async function openPostgresClients(connection: PostgresConnection, tables: readonly RecordTable<unknown>[]): Promise<PostgresClientStore> {
  const store = await connectPostgres(connection, tables);
  const { url, log } = connection;
  try {
    const settings = { url, warn: warnTo(log), firstRetryMs: FIRST_RETRY_MS, longestRetryMs: LONGEST_RETRY_MS };
    const clients = await PostgresClientRepository.open(store.pool, settings);
    return {
      pool: store.pool,
      clients,
      close: async () => {
        await clients.close();
        await store.close();
      },
    };
  } catch (error) {
    await store.close();
    throw new StartupError(
      `the database at DATABASE_URL ${redactedUrl(url)} refused the start (listening for the clients' changes): ${failureOf(error, url)}`,
    );
  }
}

/** Hands the counts spooled at an earlier stop to the store, saying what was stored and what is kept for the next start. */
async function storeSpooledUsage(spool: UsageSpool, store: UsageStore, log: (line: string) => void): Promise<void> {
  const line = (level: string, message: string, fields: Record<string, unknown>): void =>
    log(JSON.stringify({ time: new Date().toISOString(), level, message, ...fields }));
  const { stored, kept, unreadable } = await spool.replay(store);
  for (const { file, requests } of stored) line('info', 'spooled usage counts stored', { file, requests });
  for (const { file, requests, error } of kept) line('warn', 'spooled usage counts not stored; kept for the next start', { file, requests, error });
  for (const { file, error } of unreadable) line('warn', 'spooled usage file not read; left as it is', { file, error });
}

/** The service's storage in PostgreSQL, with the counts an earlier stop spooled stored: connected, migrated, its clients loaded, its module bound; `close` ends the pool. */
export async function openPostgresStorage(
  connection: PostgresConnection,
  clock: Clock,
  spool: UsageSpool,
  collections: readonly AnyRecordCollection[],
): Promise<{
  modules: readonly ContainerModule[];
  describe(counts: string): string;
  registerMetrics(registry: Registry): void;
  close(): Promise<void>;
}> {
  const tables = collections.map((collection) => recordTableOf(collection));
  const store = await openPostgresClients(connection, tables);
  try {
    await storeSpooledUsage(spool, new PostgresUsageStore(store.pool), connection.log);
  } catch (error) {
    await store.close();
    throw error;
  }
  return {
    modules: [postgresPersistenceModule(store.pool, clock, store.clients, tables)],
    describe: (counts) => `postgres: ${redactedUrl(connection.url)} (${counts})`,
    registerMetrics: (registry) => registerPoolMetrics(registry, store.pool),
    close: () => store.close(),
  };
}

/**
 * Binds each collection's repository and writer to its table in `pool`'s database (named as the collection), the
 * clients' repository, and the health check.
 */
export function postgresPersistenceModule(
  pool: pg.Pool,
  clock: Clock,
  clients: ClientRepository,
  tables: readonly RecordTable<unknown>[],
): ContainerModule {
  const today = (): CalendarDate => clock.today();
  return new ContainerModule(({ bind }) => {
    for (const table of tables) {
      bind<RecordRepository<unknown>>(repositoryOf(table))
        .toResolvedValue((sizes: CacheSizes) => new PostgresRecordRepository(pool, table, today, sizes.rows), [CacheSizes])
        .inSingletonScope();
      bind<RecordWriter<unknown>>(writerOf(table)).toConstantValue(new PostgresRecordWriter(pool, table, today));
    }
    bind<ClientRepository>(CLIENT_REPOSITORY).toConstantValue(clients);
    bind<UsageStore>(USAGE_STORE).toConstantValue(new PostgresUsageStore(pool));
    bind<HealthCheck>(HEALTH_CHECK).toConstantValue(new PostgresHealthCheck(pool));
  });
}
