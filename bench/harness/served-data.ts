import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeDataFile } from './data-files.js';
import { createBenchDatabase, dropBenchDatabase, type BenchDatabase } from './postgres-database.js';
import { LOAD_DATA, postgresServiceEnvironment, serviceEnvironment } from './service-launch.js';

/** The dogs a one-request command (compare, profile) serves: a data file in a folder of its own, and with PostgreSQL a database loaded from it. */
export interface ServedData {
  readonly directory: string;
  /** Absent in memory. */
  readonly database: BenchDatabase | undefined;
  /** The service's environment for this data, with ACCESS_LOG as given. */
  environment(accessLog: 'on' | 'off'): Record<string, string>;
  /** Drops the database and removes the folder. */
  remove(): Promise<void>;
}

/** DATABASE_URL, when the storage needs it; a message for stderr when it is missing. */
export function databaseServer(storage: 'memory' | 'postgres'): { url: string } | { refusal: string } {
  const url = process.env['DATABASE_URL'] ?? '';
  return storage === 'postgres' && url === '' ? { refusal: '--storage=postgres needs DATABASE_URL (a role that may CREATEDB)\n' } : { url };
}

/** Writes `dogs` dogs to a data file in a new temp folder and, for PostgreSQL, loads them into a database of `purpose`'s own. */
export async function serveData(
  storage: 'memory' | 'postgres',
  serverUrl: string,
  dogs: number,
  purpose: 'compare' | 'profile',
): Promise<ServedData> {
  const directory = await mkdtemp(join(tmpdir(), `version-aware-api-${purpose}-`));
  let database: BenchDatabase | undefined;
  const remove = async (): Promise<void> => {
    if (database !== undefined) await dropBenchDatabase(serverUrl, database);
    await rm(directory, { recursive: true, force: true });
  };
  try {
    const dataFile = await writeDataFile(directory, dogs);
    if (storage === 'postgres') database = await createBenchDatabase(serverUrl, dogs, dataFile, LOAD_DATA, purpose);
    const loaded = database;
    return {
      directory,
      database: loaded,
      environment: (accessLog) =>
        loaded === undefined ? serviceEnvironment(dataFile, accessLog) : postgresServiceEnvironment(loaded.url, accessLog),
      remove,
    };
  } catch (error) {
    await remove();
    throw error;
  }
}
