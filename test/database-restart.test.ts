// Needs: PostgreSQL
import { Agent, request } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import t, { type Test } from 'tap';
import { createPool } from '../src/adapters/persistence/postgres/postgres-pool.js';
import { writeRecords } from '../src/adapters/persistence/postgres/postgres-bulk-load.js';
import { parseDog } from '../src/domain/dogs/dog.js';
import { CalendarDate } from '../src/domain/records/calendar-date.js';
import { runMain, type MainProcess } from './fixtures/main-process.js';
import { privateServerOrSkip, type PrivateServer } from './fixtures/postgres/private-server.js';
import { REFERENCE_TABLES } from './fixtures/postgres/reference-tables.js';

const today = CalendarDate.parse('2026-11-22') as CalendarDate;
/** Requests at once against a pool of two connections: most of them wait for a connection, as in the fault's reproduction. */
const CONCURRENCY = 48;
const ROUNDS = 5;

interface Answer {
  readonly status: number;
  readonly retryAfter: string | undefined;
}

/** Keeps CONCURRENCY keep-alive requests in flight until `stop` resolves; every answer, and how many got none. */
function load(port: number, stop: Promise<void>): Promise<{ answers: Answer[]; failed: number }> {
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const answers: Answer[] = [];
  let failed = 0;
  let stopped = false;
  void stop.then(() => (stopped = true));
  const one = (path: string): Promise<void> =>
    new Promise((resolve) => {
      const req = request({ port, path, agent }, (response) => {
        response.resume();
        response.on('end', () => {
          const retryAfter = response.headers['retry-after'];
          answers.push({ status: response.statusCode as number, retryAfter: typeof retryAfter === 'string' ? retryAfter : undefined });
          resolve();
        });
      });
      req.on('error', () => {
        failed += 1;
        resolve();
      });
      req.end();
    });
  const loop = async (index: number): Promise<void> => {
    while (!stopped) await one(index % 2 === 0 ? '/doggies/1/' : '/doggies/?limit=2');
  };
  return Promise.all(Array.from({ length: CONCURRENCY }, (_, index) => loop(index))).then(() => {
    agent.destroy();
    return { answers, failed };
  });
}

/** Polls until /doggies/1/ answers 200; the milliseconds that took. */
async function untilServing(port: number): Promise<number> {
  const started = Date.now();
  for (let attempt = 0; attempt < 300; attempt += 1) {
    const status = await fetch(`http://127.0.0.1:${port}/doggies/1/`).then(
      async (response) => (await response.arrayBuffer(), response.status),
      () => 0,
    );
    if (status === 200) return Date.now() - started;
    await delay(20);
  }
  return Number.POSITIVE_INFINITY;
}

async function serviceOn(t: Test, db: PrivateServer): Promise<{ service: MainProcess; port: number }> {
  const service = runMain(t, { STORAGE: 'postgres', DATABASE_URL: db.url, DATABASE_POOL_SIZE: '2', ACCESS_LOG: 'off', TODAY: '2026-11-22' });
  const [listening] = (await service.lines('listening')) ?? [];
  const port = Number(new URL(String(listening?.['url'])).port);
  const pool = createPool({ url: db.url, size: 1, onIdleError: () => undefined });
  await writeRecords(pool, { dogs: [parseDog({ id: 1, name: 'Biko', birthday: '2014-05-06' }, today)] }, REFERENCE_TABLES);
  await pool.end();
  return { service, port };
}

function checkAnswers(t: Test, { answers, failed }: { answers: Answer[]; failed: number }, what: string): void {
  const statuses = new Map<number, number>();
  for (const { status } of answers) statuses.set(status, (statuses.get(status) ?? 0) + 1);
  t.same(
    [...statuses.keys()].filter((status) => status !== 200 && status !== 503),
    [],
    `${what}: every answer a 200 or a 503 (${JSON.stringify(Object.fromEntries(statuses))})`,
  );
  t.ok((statuses.get(200) ?? 0) > 0, `${what}: requests served between the faults`);
  t.ok(
    answers.every(({ status, retryAfter }) => status !== 503 || retryAfter === '5'),
    `${what}: every 503 says Retry-After`,
  );
  t.equal(failed, 0, `${what}: no request went unanswered`);
}

// ten restarts and terminations under load, each with a recovery: about 30 s alone, twice that beside other suites.
t.setTimeout(180_000);
const server = await privateServerOrSkip(t);

if (server !== undefined) {
  const db = server;

  t.test(`the database restarted ${ROUNDS} times while requests wait for a connection: one process lives, 503s meanwhile, 200s after`, async (t) => {
    const { service, port } = await serviceOn(t, db);
    let finish!: () => void;
    const loading = load(port, new Promise<void>((resolve) => (finish = resolve)));
    const recoveries: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      await delay(300);
      await db.stop();
      await delay(300);
      await db.start();
      recoveries.push(await untilServing(port));
      t.equal(service.child.exitCode, null, `restart ${round + 1}: the process is still running`);
    }
    finish();
    checkAnswers(t, await loading, 'restarts');
    // How soon is measured by `npm run soak -- --restart-database` (under a second); here only that it serves again.
    t.ok(
      recoveries.every((ms) => Number.isFinite(ms)),
      `serving again after each return (${recoveries.join(', ')} ms)`,
    );
    t.same(
      service.stderr.filter((line) => line.includes('draining and exiting')),
      [],
      'no fault ends the process',
    );
    service.child.kill('SIGTERM');
    t.same(await service.finished(), { code: 0, signal: null }, 'it stops as asked, exit code 0');
  });

  t.test('its backends terminated under load (pg_terminate_backend): the process lives and serves', async (t) => {
    const { service, port } = await serviceOn(t, db);
    const admin = createPool({ url: db.url, size: 1, onIdleError: () => undefined });
    t.teardown(() => admin.end());
    let finish!: () => void;
    const loading = load(port, new Promise<void>((resolve) => (finish = resolve)));
    let terminated = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      await delay(300);
      const { rows } = await admin.query<{ ended: boolean }>(
        // This file's database only: the other files' pools, on the same server, are not this test's to end.
        `SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity
          WHERE application_name = 'version-aware-api' AND datname = current_database() AND pid <> pg_backend_pid()`,
      );
      terminated += rows.filter(({ ended }) => ended).length;
    }
    await delay(300);
    finish();
    checkAnswers(t, await loading, 'terminations');
    t.ok(terminated >= ROUNDS, `the service's connections were ended (${terminated})`);
    t.ok(Number.isFinite(await untilServing(port)), 'serving after');
    t.equal(service.child.exitCode, null, 'the process is still running');
    service.child.kill('SIGTERM');
    t.same(await service.finished(), { code: 0, signal: null }, 'it stops as asked, exit code 0');
  });
}
