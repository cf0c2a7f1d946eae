// Soak test: runs the compiled service (dist/main.js) as a child process, loads it from this process over
// loopback with a mix of every endpoint and version plus 10 % bad requests, samples its memory, then stops
// it with SIGTERM under load. Prints the numbers; exits 1 when a check fails.
//
//   npm run soak                          # 60 s of load, then the shutdown phase
//   npm run soak -- --duration 10 --connections 32
//   npm run soak -- --help
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { createInterface } from 'node:readline';
import { commandLine } from './harness/command-line.js';
import { SERVICE_MAIN, serviceNodeFlags } from './harness/service-launch.js';
import { SOAK_COMMAND } from './soak/options.js';
import { startPrivatePostgres, type PrivatePostgres } from './harness/private-postgres.js';
import { createPool } from '../src/adapters/persistence/postgres/postgres-pool.js';
import { migrateSchema } from '../src/adapters/persistence/postgres/postgres-schema.js';
import { writeRecords } from '../src/adapters/persistence/postgres/postgres-bulk-load.js';
import { recordTableOf } from '../src/adapters/persistence/postgres/record-table.js';
import { loadRecords } from '../src/adapters/persistence/data-file.js';
import { SAMPLE_DATA } from '../src/domain/api-history/sample-data.js';
import { RECORD_COLLECTIONS } from '../src/domain/api-history/bundle.js';
import { CalendarDate } from '../src/domain/records/calendar-date.js';
import { pickRequest, type SoakRequest } from './soak-requests.js';

const parsed = commandLine(SOAK_COMMAND, process.argv.slice(2));
if ('exitCode' in parsed) process.exit(parsed.exitCode);
const { duration: DURATION_S, connections: CONNECTIONS, drainTimeoutMs: DRAIN_TIMEOUT_MS, seed: SEED, restarts: RESTARTS } = parsed.options;
/** How long the database stays down at each restart. */
const DOWN_MS = 1000;
const SHUTDOWN_LOAD_MS = 2000;
const NODE_FLAGS = serviceNodeFlags();

type Outcome =
  | { kind: 'response'; status: number; wellFormed: boolean; retryAfter: boolean }
  | { kind: 'refused'; code: string }
  | { kind: 'truncated'; code: string };

interface Tally {
  requests: number;
  byClass: Record<string, number>;
  bad: number;
  malformed: number;
  socketErrors: Record<string, number>;
  truncated: number;
  /** 503s without Retry-After. */
  unavailableWithoutRetryAfter: number;
  /** 503s. */
  unavailable: number;
}

const newTally = (): Tally => ({
  requests: 0,
  byClass: { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0, other: 0 },
  bad: 0,
  malformed: 0,
  socketErrors: {},
  truncated: 0,
  unavailableWithoutRetryAfter: 0,
  unavailable: 0,
});

function send(port: number, agent: Agent, soak: SoakRequest): Promise<Outcome> {
  return new Promise((resolve) => {
    let responded = false;
    const req = request({ host: '127.0.0.1', port, agent, method: soak.method, path: soak.path, headers: soak.headers }, (res) => {
      responded = true;
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('aborted', () => resolve({ kind: 'truncated', code: 'aborted' }));
      res.on('error', (error: NodeJS.ErrnoException) => resolve({ kind: 'truncated', code: error.code ?? error.message }));
      res.on('end', () => {
        const status = res.statusCode ?? 0;
        const body = Buffer.concat(chunks);
        let wellFormed = /^application\/json(; version=\d+\.\d+\.\d+)?$/.test(res.headers['content-type'] ?? '') || status === 204;
        if (soak.method !== 'HEAD' && status !== 204) {
          wellFormed &&= body.length === Number(res.headers['content-length']);
          try {
            JSON.parse(body.toString('utf8'));
          } catch {
            wellFormed = false;
          }
        }
        resolve({ kind: 'response', status, wellFormed, retryAfter: res.headers['retry-after'] !== undefined });
      });
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      const code = error.code ?? error.message;
      resolve(!responded ? { kind: 'refused', code } : { kind: 'truncated', code });
    });
    req.end();
  });
}

function count(tally: Tally, soak: SoakRequest, outcome: Outcome): void {
  tally.requests += 1;
  if (soak.bad) tally.bad += 1;
  if (outcome.kind === 'response') {
    const key = outcome.status >= 200 && outcome.status < 600 ? `${Math.floor(outcome.status / 100)}xx` : 'other';
    tally.byClass[key] = (tally.byClass[key] ?? 0) + 1;
    if (!outcome.wellFormed) tally.malformed += 1;
    if (outcome.status === 503) tally.unavailable += 1;
    if (outcome.status === 503 && !outcome.retryAfter) tally.unavailableWithoutRetryAfter += 1;
  } else {
    tally.socketErrors[outcome.code] = (tally.socketErrors[outcome.code] ?? 0) + 1;
    if (outcome.kind === 'truncated') tally.truncated += 1;
  }
}

/** Runs `connections` request loops until `keepGoing` says stop (checked after each response). */
async function load(port: number, tally: Tally, random: () => number, keepGoing: (outcome: Outcome) => boolean): Promise<void> {
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      for (;;) {
        const soak = pickRequest(random);
        const outcome = await send(port, agent, soak);
        count(tally, soak, outcome);
        if (!keepGoing(outcome)) return;
      }
    }),
  );
  agent.destroy();
}

/** Resident memory of a process in MiB, from /proc (Linux) or ps. */
function rssMiB(pid: number): number {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((text) => text.startsWith('VmRSS:'));
    return Number(/(\d+)/.exec(line ?? '')?.[1]) / 1024;
  } catch {
    return Number.NaN;
  }
}

function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

function startService(
  storage: Record<string, string>,
): Promise<{ child: ChildProcess; port: number; lines: string[]; exit: Promise<number | null> }> {
  const child = spawn(process.execPath, [...NODE_FLAGS, SERVICE_MAIN], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ACCESS_LOG: 'off', DRAIN_TIMEOUT_MS: String(DRAIN_TIMEOUT_MS), ...storage },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines: string[] = [];
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      lines.push(line);
      const parsed = JSON.parse(line) as { message?: string; url?: string };
      if (parsed.message === 'listening') resolve({ child, port: Number(new URL(String(parsed.url)).port), lines, exit });
    });
    void exit.then((code) => reject(new Error(`the service exited with code ${code} before listening`)));
  });
}

function connectionAttempt(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve('accepted');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mib = (value: number) => `${value.toFixed(1)} MiB`;

/** A private PostgreSQL server with the sample records, and the settings that serve from it; undefined without server binaries. */
async function privateDatabase(): Promise<{ server: PrivatePostgres; settings: Record<string, string> } | undefined> {
  const server = await startPrivatePostgres();
  if (server === undefined) return undefined;
  const pool = createPool({ url: server.url, size: 1, onIdleError: () => undefined });
  try {
    const today = CalendarDate.parse(new Date().toISOString().slice(0, 10)) as CalendarDate;
    const tables = RECORD_COLLECTIONS.map((collection) => recordTableOf(collection));
    await migrateSchema(pool, tables);
    await writeRecords(pool, await loadRecords(undefined, today, RECORD_COLLECTIONS, SAMPLE_DATA), tables);
  } finally {
    await pool.end();
  }
  return { server, settings: { STORAGE: 'postgres', DATABASE_URL: server.url } };
}

/** Polls until /doggies/1/ answers 200: the milliseconds that took (Infinity after 30 s). */
async function untilServing(port: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < 30_000) {
    const status = await new Promise<number>((resolve) => {
      const req = request({ host: '127.0.0.1', port, path: '/doggies/1/', agent: false }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', () => resolve(0));
      req.end();
    });
    if (status === 200) return Date.now() - started;
    await sleep(10);
  }
  return Number.POSITIVE_INFINITY;
}

/** Restarts the database RESTARTS times, evenly over the load: each time down for DOWN_MS; the recovery time of each. */
async function restartUnderLoad(database: PrivatePostgres, port: number, started: number): Promise<number[]> {
  const recoveries: number[] = [];
  for (let restart = 1; restart <= RESTARTS; restart += 1) {
    await sleep(Math.max(0, started + (restart * DURATION_S * 1000) / (RESTARTS + 1) - Date.now()));
    await database.stop();
    await sleep(DOWN_MS);
    await database.start();
    recoveries.push(await untilServing(port));
    console.log(`  restart ${restart}: serving again ${recoveries.at(-1)} ms after the database was back`);
  }
  return recoveries;
}

async function main(): Promise<number> {
  const random = mulberry32(SEED);
  const database = RESTARTS > 0 ? await privateDatabase() : undefined;
  if (RESTARTS > 0 && database === undefined) {
    console.error('soak: --restart-database needs the PostgreSQL server binaries (initdb, pg_ctl): apt-get install postgresql');
    return 1;
  }
  try {
    return await soak(random, database);
  } finally {
    await database?.server.remove();
  }
}

async function soak(random: () => number, database: { server: PrivatePostgres; settings: Record<string, string> } | undefined): Promise<number> {
  const service = await startService(database?.settings ?? {});
  const pid = service.child.pid as number;
  let exitedUnderLoad: number | null | undefined;
  void service.exit.then((code) => (exitedUnderLoad ??= code));
  const fault = database === undefined ? '' : `, PostgreSQL restarted ${RESTARTS} times (down ${DOWN_MS} ms each)`;
  console.log(`soak: ${DURATION_S} s, ${CONNECTIONS} connections${fault}, service pid ${pid} on port ${service.port}, node ${process.version}`);

  const rss = { start: rssMiB(pid), middle: Number.NaN, end: Number.NaN, max: 0 };
  const tally = newTally();
  const started = Date.now();
  const deadline = started + DURATION_S * 1000;
  let ticks = 0;
  const sampler = setInterval(() => {
    ticks += 1;
    const now = rssMiB(pid);
    rss.max = Math.max(rss.max, now);
    if (Number.isNaN(rss.middle) && ticks >= DURATION_S / 2) rss.middle = now;
    if (ticks % 10 === 0) console.log(`  ${ticks} s: ${tally.requests} requests, 5xx ${tally.byClass['5xx']}, RSS ${mib(now)}`);
  }, 1000);
  const restarting = database === undefined ? Promise.resolve([]) : restartUnderLoad(database.server, service.port, started);
  await load(service.port, tally, random, () => Date.now() < deadline && exitedUnderLoad === undefined);
  const recoveries = await restarting;
  const running = exitedUnderLoad === undefined;
  clearInterval(sampler);
  rss.end = rssMiB(pid);
  const seconds = (Date.now() - started) / 1000;

  // Shutdown under load: the same mix, SIGTERM after SHUTDOWN_LOAD_MS, every loop going until the service refuses it.
  const table = (what: string, value: string | number) => console.log(`  ${what.padEnd(44)} ${value}`);
  if (!running) {
    console.log(`\nthe service exited under load, exit code ${exitedUnderLoad}: FAILED`);
    return 1;
  }
  const shutdown = newTally();
  let signalledAt = 0;
  const shutdownLoad = load(service.port, shutdown, random, (outcome) => signalledAt === 0 || outcome.kind === 'response');
  await sleep(SHUTDOWN_LOAD_MS);
  signalledAt = Date.now();
  service.child.kill('SIGTERM');
  while (!service.lines.some((line) => line.includes('"stopping"'))) await sleep(1);
  const newConnection = await connectionAttempt(service.port);
  const exitCode = await service.exit;
  const exitMs = Date.now() - signalledAt;
  await shutdownLoad;

  console.log(`\nload phase (${seconds.toFixed(1)} s)`);
  table('requests', `${tally.requests} (${Math.round(tally.requests / seconds)}/s), ${tally.bad} of them bad on purpose`);
  table(
    'statuses',
    Object.entries(tally.byClass)
      .map(([name, value]) => `${name} ${value}`)
      .join(', '),
  );
  table('5xx', tally.byClass['5xx'] ?? 0);
  table('malformed responses (not JSON, wrong length)', tally.malformed);
  table('socket errors', JSON.stringify(tally.socketErrors));
  if (database !== undefined) {
    table('503 while the database was down (of them without Retry-After)', `${tally.unavailable} (${tally.unavailableWithoutRetryAfter})`);
    table('recovery after each restart', recoveries.map((ms) => `${ms} ms`).join(', '));
    table('service exits under load', 0);
  }
  table('service RSS start / middle / end (max)', `${mib(rss.start)} / ${mib(rss.middle)} / ${mib(rss.end)} (${mib(rss.max)})`);
  console.log(`\nshutdown under load (SIGTERM after ${SHUTDOWN_LOAD_MS} ms of load, DRAIN_TIMEOUT_MS=${DRAIN_TIMEOUT_MS})`);
  table('requests', shutdown.requests);
  table(
    'statuses',
    Object.entries(shutdown.byClass)
      .map(([name, value]) => `${name} ${value}`)
      .join(', '),
  );
  table('refused before any response (after SIGTERM)', JSON.stringify(shutdown.socketErrors));
  table('responses cut short', shutdown.truncated);
  table('new connection after the signal', newConnection);
  table('exit code, time from SIGTERM to exit', `${exitCode}, ${exitMs} ms`);

  const faults: [string, boolean][] =
    database === undefined
      ? [['zero 5xx', (tally.byClass['5xx'] ?? 0) + (shutdown.byClass['5xx'] ?? 0) === 0]]
      : [
          ['no 5xx but the 503s of the restarts', (tally.byClass['5xx'] ?? 0) === tally.unavailable && (shutdown.byClass['5xx'] ?? 0) === 0],
          ['every 503 says Retry-After', tally.unavailableWithoutRetryAfter === 0],
          ['serving within a second of each return of the database', recoveries.length === RESTARTS && recoveries.every((ms) => ms < 1000)],
        ];
  const checks: [string, boolean][] = [
    ...faults,
    ['zero socket errors under load', Object.keys(tally.socketErrors).length === 0],
    ['every response well-formed JSON', tally.malformed + shutdown.malformed === 0],
    ['memory flat (end RSS within 25 % of the middle)', rss.end <= rss.middle * 1.25],
    ['no response cut short by the shutdown', shutdown.truncated === 0],
    ['new connections refused after SIGTERM', newConnection === 'ECONNREFUSED'],
    [`exit 0 within DRAIN_TIMEOUT_MS`, exitCode === 0 && exitMs <= DRAIN_TIMEOUT_MS],
  ];
  console.log('');
  for (const [what, held] of checks) console.log(`  ${held ? 'held  ' : 'FAILED'} ${what}`);
  return checks.every(([, held]) => held) ? 0 : 1;
}

process.exitCode = await main();
