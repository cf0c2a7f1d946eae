import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startScriptNodeFlags } from './start-script.js';

// The compiled scripts' neighbours, from dist/bench-build/bench/harness/: the service as `npm start` runs it
// (dist/), and the processes the bench and cpu-compare start beside it.
export const SERVICE_MAIN = fileURLToPath(new URL('../../../main.js', import.meta.url));
/** The service composed with memos turned off (`npm run compare -- --caches=each`), one process. */
export const SERVICE_WITHOUT_MEMOS = fileURLToPath(new URL('./service-without-memos.js', import.meta.url));
export const BARE_SERVER = fileURLToPath(new URL('./bare-server.js', import.meta.url));
export const LOAD_GENERATOR = fileURLToPath(new URL('./load-generator.js', import.meta.url));
export const BARE_POSTGRES_SERVER = fileURLToPath(new URL('./bare-postgres-server.js', import.meta.url));
export const LOAD_DATA = fileURLToPath(new URL('../../../load-data.js', import.meta.url));
/** The service's DATABASE_POOL_SIZE in the bench, and the bare server's pool: one connection per load connection. */
export const POSTGRES_POOL_SIZE = 10;

/** The node flags `npm start` gives the service (package.json), so that scripts run it as it is shipped. */
export function serviceNodeFlags(): string[] {
  return startScriptNodeFlags(readFileSync(fileURLToPath(new URL('../../../../package.json', import.meta.url)), 'utf8'));
}

/** Ages depend on today; a fixed date keeps every response the same bytes all run long. */
export const TODAY = '2026-11-22';

/**
 * The service's settings under load. The bare server keeps a connection for any number of requests, so the
 * service does too (MAX_REQUESTS_PER_SOCKET=0): autocannon keeps writing on a connection the server closes
 * after its last allowed request, and the requests it loses there are counted nowhere.
 */
export function serviceEnvironment(dataFile: string, accessLog: string): Record<string, string> {
  return { PORT: '0', HOST: '127.0.0.1', DATA_FILE: dataFile, TODAY, ACCESS_LOG: accessLog, MAX_REQUESTS_PER_SOCKET: '0', NODE_ENV: 'production' };
}

/** The same, on PostgreSQL: the database instead of a data file. */
export function postgresServiceEnvironment(databaseUrl: string, accessLog: string): Record<string, string> {
  const { DATA_FILE: _file, ...env } = serviceEnvironment('', accessLog);
  return { ...env, STORAGE: 'postgres', DATABASE_URL: databaseUrl, DATABASE_POOL_SIZE: String(POSTGRES_POOL_SIZE) };
}
