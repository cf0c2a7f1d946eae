import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { cpus, release, tmpdir, type } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CLIENTS_STARTUP_COMMAND } from './clients-startup/options.js';
import { replaceClientRows } from './clients-startup/postgres-clients.js';
import { perClient, startupTable, type StartupOutcome, type StartupReading, type StartupRow } from './clients-startup/report.js';
import { benchClients, writeBenchClientsFile, type BenchClients } from './harness/bench-clients.js';
import { memoryOf } from './harness/child-process.js';
import { KEYED_PIN } from './harness/clients-variant.js';
import { commandLine } from './harness/command-line.js';
import { writeDataFile } from './harness/data-files.js';
import { createBenchDatabase, dropBenchDatabase, type BenchDatabase } from './harness/postgres-database.js';
import { RunningProcesses } from './harness/running-processes.js';
import { exponent, REFERENCE_SIZE } from './harness/scenarios.js';
import {
  LOAD_DATA,
  LOAD_GENERATOR,
  postgresServiceEnvironment,
  SERVICE_MAIN,
  serviceEnvironment,
  serviceNodeFlags,
} from './harness/service-launch.js';

/**
 * `npm run bench:clients`: what many API clients cost the service's start. The service (10^3 dogs, as `npm start` runs
 * it) started with a CLIENTS_FILE of each count and without one; with DATABASE_URL, with the clients in PostgreSQL, and
 * openPostgresClients alone in a process of its own. Each configuration started afresh `--repetitions` times.
 */
const HEAP_PROBE = pathToFileURL(fileURLToPath(new URL('./clients-startup/heap-probe.js', import.meta.url))).href;
const LOAD_CLIENTS = fileURLToPath(new URL('./clients-startup/load-clients.js', import.meta.url));
/** After the listening line, before RSS is read: what the start left behind settles a moment. */
const SETTLE_MS = 500;
const PROBE_WAIT_MS = 10_000;

const processes = new RunningProcesses(LOAD_GENERATOR);
let probes = 0;

async function main(): Promise<number> {
  const parsed = commandLine(CLIENTS_STARTUP_COMMAND, process.argv.slice(2));
  if ('exitCode' in parsed) return parsed.exitCode;
  const { options } = parsed;
  const processors = cpus();
  say(`clients at start: ${processors.length} cores (${processors[0]?.model.trim() ?? 'unknown'}), Node ${process.version}, ${type()} ${release()}`);
  say(
    `service: node ${[...serviceNodeFlags(), 'dist/main.js'].join(' ')}, ${exponent(REFERENCE_SIZE)} dogs, ACCESS_LOG=off; ${options.repetitions} starts each`,
  );
  const directory = await mkdtemp(join(tmpdir(), 'version-aware-api-clients-'));
  const serverUrl = process.env['DATABASE_URL'] ?? '';
  let database: BenchDatabase | undefined;
  try {
    const dataFile = await writeDataFile(directory, REFERENCE_SIZE);
    const counts = [0, ...options.clients.filter((count) => count > 0)];
    const made = new Map(counts.map((count) => [count, benchClients(count, KEYED_PIN)]));
    const rows: StartupRow[] = [];
    for (const count of counts) {
      const clients = made.get(count) as BenchClients;
      let env = serviceEnvironment(dataFile, 'off');
      let fileBytes: number | undefined;
      if (count > 0) {
        const path = join(directory, `clients-${count}.json`);
        await writeBenchClientsFile(path, clients);
        fileBytes = (await stat(path)).size;
        env = { ...env, CLIENTS_FILE: path };
      }
      rows.push(
        report({
          storage: 'memory',
          measured: 'service',
          clients: count,
          ...(fileBytes === undefined ? {} : { fileBytes }),
          outcome: await starts(env, clients, options.repetitions, directory),
        }),
      );
    }
    if (serverUrl === '') {
      say('PostgreSQL skipped: set DATABASE_URL=postgres://user:password@host:port/database (a role that may CREATEDB) to measure it');
    } else {
      database = await createBenchDatabase(serverUrl, REFERENCE_SIZE, dataFile, LOAD_DATA, 'clients');
      for (const count of counts) {
        const clients = made.get(count) as BenchClients;
        const inserting = performance.now();
        await replaceClientRows(database.url, clients.clients);
        if (count > 0) say(`  ${exponent(count)} clients inserted in one statement in ${((performance.now() - inserting) / 1000).toFixed(2)} s`);
        const env = postgresServiceEnvironment(database.url, 'off');
        rows.push(
          report({ storage: 'postgres', measured: 'service', clients: count, outcome: await starts(env, clients, options.repetitions, directory) }),
        );
        const readings: StartupReading[] = [];
        for (let repetition = 0; repetition < options.repetitions; repetition += 1) readings.push(await loadClients(database.url, count));
        rows.push(report({ storage: 'postgres', measured: 'openPostgresClients', clients: count, outcome: { readings } }));
      }
    }
    say('');
    say(startupTable(rows));
    say('');
    for (const line of perClient(rows)) say(line);
    return 0;
  } catch (error) {
    process.stderr.write(`bench:clients failed: ${(error as Error).message}\n`);
    return 1;
  } finally {
    await processes.stopAll();
    if (database !== undefined) await dropBenchDatabase(serverUrl, database);
    await rm(directory, { recursive: true, force: true });
  }
}

/** Says how each start went, as it comes. */
function report(row: StartupRow): StartupRow {
  const mib = (bytes: number | undefined): string => (bytes === undefined ? 'n/a' : `${(bytes / 1024 / 1024).toFixed(1)} MiB`);
  const { outcome } = row;
  const starts =
    'refusal' in outcome
      ? `refused after ${(outcome.ms / 1000).toFixed(2)} s: ${outcome.refusal}`
      : outcome.readings
          .map((reading) => `${(reading.ms / 1000).toFixed(2)} s, RSS ${mib(reading.rssBytes)}, heap ${mib(reading.heapUsedBytes)}`)
          .join('; ');
  say(`  ${row.storage}, ${row.measured}, ${row.clients === 0 ? 'no' : exponent(row.clients)} clients: ${starts}`);
  return row;
}

/** The service started `repetitions` times with `env`; a start refused is said once, with why. */
async function starts(env: Record<string, string>, clients: BenchClients, repetitions: number, directory: string): Promise<StartupOutcome> {
  const readings: StartupReading[] = [];
  for (let repetition = 0; repetition < repetitions; repetition += 1) {
    const outcome = await startOnce(env, clients, directory);
    if ('refusal' in outcome) return outcome;
    readings.push(outcome);
  }
  return { readings };
}

async function startOnce(
  env: Record<string, string>,
  { clients, keys }: BenchClients,
  directory: string,
): Promise<StartupReading | { refusal: string; ms: number }> {
  const probe = join(directory, `heap-${(probes += 1)}.json`);
  const started = performance.now();
  let service;
  try {
    service = await processes.start(SERVICE_MAIN, [], { ...env, HEAP_PROBE_FILE: probe }, [
      ...serviceNodeFlags(),
      '--expose-gc',
      `--import=${HEAP_PROBE}`,
    ]);
  } catch (error) {
    const message = (error as Error).message;
    const refusal = /Refusing to start: ([^\n]*)/.exec(message)?.[1];
    if (refusal === undefined) throw error;
    return { refusal: refusal.replaceAll(`${directory}/`, ''), ms: performance.now() - started };
  }
  try {
    await sleep(SETTLE_MS);
    const memory = await memoryOf(service.pid);
    process.kill(service.pid, 'SIGUSR2');
    const { heapUsed } = JSON.parse(await readWhenWritten(probe)) as NodeJS.MemoryUsage;
    const last = clients.length - 1;
    if (last >= 0) await checkClient(service.url, keys[last] as string, (clients[last] as { name: string }).name);
    return { ms: service.startupMs, rssBytes: memory?.rss, peakRssBytes: memory?.peakRss, heapUsedBytes: heapUsed };
  } finally {
    await processes.stop(service);
  }
}

async function readWhenWritten(path: string): Promise<string> {
  const deadline = performance.now() + PROBE_WAIT_MS;
  for (;;) {
    try {
      const text = await readFile(path, 'utf8');
      if (text !== '') return text;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || performance.now() > deadline) throw error;
    }
    await sleep(20);
  }
}

/** The service knows the last client by its key: the clients were all read. */
async function checkClient(url: string, key: string, name: string): Promise<void> {
  const response = await fetch(`${url}/client/`, { headers: { authorization: `Bearer ${key}`, accept: 'application/json' } });
  const body = (await response.json()) as { name?: unknown };
  if (response.status !== 200 || body.name !== name)
    throw new Error(`GET /client/ with the key of ${name}: ${response.status} ${JSON.stringify(body)}`);
}

/** openPostgresClients alone in a process of its own (load-clients.js), on the database holding `count` clients. */
function loadClients(url: string, count: number): Promise<StartupReading> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--expose-gc', LOAD_CLIENTS, url, String(count)], {
      env: { PATH: process.env.PATH ?? '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let errors = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('close', (code) => {
      if (code === 0) resolve(JSON.parse(output) as StartupReading);
      else reject(new Error(`load-clients.js exited ${code}: ${errors.trim()}`));
    });
  });
}

function say(line: string): void {
  process.stdout.write(`${line}\n`);
}

process.exitCode = await main();
