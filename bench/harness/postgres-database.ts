import { spawn } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import pg from 'pg';

const TICKS_PER_SECOND = 100;

/** A database of the bench's own on the server of DATABASE_URL, loaded with `npm run load-data`'s program. */
export interface BenchDatabase {
  readonly name: string;
  readonly url: string;
}

/** The URL of `name` on the server of `serverUrl`, with its role and password. */
function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function administer(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * Makes the database `<DATABASE_URL's database>_<purpose>_<size>` afresh (the role needs CREATEDB, as for the tests) and
 * loads `dataFile` into it as a user would, with `loadScript` (dist/load-data.js); then VACUUM ANALYZE, as autovacuum
 * would do soon after a load.
 */
export async function createBenchDatabase(
  serverUrl: string,
  size: number,
  dataFile: string,
  loadScript: string,
  purpose: 'bench' | 'compare' | 'profile' | 'clients' = 'bench',
): Promise<BenchDatabase> {
  const name = `${new URL(serverUrl).pathname.slice(1) || 'postgres'}_${purpose}_${size}`.replace(/[^a-z0-9_]/gi, '_').toLowerCase();
  await administer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await administer(serverUrl, `CREATE DATABASE ${name}`);
  const url = databaseUrl(serverUrl, name);
  const loaded = await new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, [loadScript, dataFile], {
      env: { PATH: process.env.PATH ?? '', STORAGE: 'postgres', DATABASE_URL: url },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => resolve({ code, output }));
  });
  if (loaded.code !== 0) throw new Error(`load-data into ${name} failed (exit code ${loaded.code}): ${loaded.output.trim()}`);
  await administer(url, 'VACUUM ANALYZE');
  return { name, url };
}

export async function dropBenchDatabase(serverUrl: string, database: BenchDatabase): Promise<void> {
  await administer(serverUrl, `DROP DATABASE IF EXISTS ${database.name} WITH (FORCE)`);
}

/**
 * CPU seconds (user and system) of each PostgreSQL backend serving `database`, by pid, from /proc (Linux; an empty
 * map elsewhere). A backend's title names its database: `postgres: 15/main: dev mydb 127.0.0.1(4242) idle`.
 */
export async function backendCpuSeconds(database: string): Promise<Map<number, number>> {
  const seconds = new Map<number, number>();
  let entries: string[];
  try {
    entries = await readdir('/proc');
  } catch {
    return seconds;
  }
  await Promise.all(
    entries
      .filter((entry) => /^\d+$/.test(entry))
      .map(async (entry) => {
        try {
          const title = (await readFile(`/proc/${entry}/cmdline`, 'utf8')).replace(/\0/g, ' ');
          if (!title.startsWith('postgres: ') || !title.includes(` ${database} `)) return;
          const stat = await readFile(`/proc/${entry}/stat`, 'utf8');
          const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
          seconds.set(Number(entry), (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND);
        } catch {
          // The process ended while it was read.
        }
      }),
  );
  return seconds;
}

/** The CPU seconds the backends used between two readings; a backend that started in between counts from zero. */
export function backendCpuUsed(before: ReadonlyMap<number, number>, after: ReadonlyMap<number, number>): number {
  let used = 0;
  for (const [pid, seconds] of after) used += seconds - (before.get(pid) ?? 0);
  return used;
}
