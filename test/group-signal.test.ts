// Needs: PostgreSQL
import { Agent, request } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import t, { type Test } from 'tap';
import type pg from 'pg';
import { createPool } from '../src/adapters/persistence/postgres/postgres-pool.js';
import { clientsProcess, runBuiltProgram } from './fixtures/built-program.js';
import { allGone, runMain, type MainProcess } from './fixtures/main-process.js';
import { testDatabase } from './fixtures/postgres/test-database.js';
import { readResponses, WireConnection, within } from './fixtures/wire.js';

// Nine starts and stops of the service under load: about 40 s alone.
t.setTimeout(300_000);

const CLIENTS = ['shop', 'app', 'batch'] as const;
type ClientName = (typeof CLIENTS)[number];
/** Keep-alive request loops, single slow requests (each on a connection of its own), connections of pipelined requests. */
const LOOPS = 8;
const SLOW = 6;
const PIPELINED_CONNECTIONS = 4;
const PIPELINED = 16;
const PATHS = ['/doggies/1/', '/cats/', '/doggies/', '/client/'];

/** Answers received, per client. */
type Tally = Record<ClientName, number>;
const noAnswers = (): Tally => ({ shop: 0, app: 0, batch: 0 });

/** One keyed GET: true once its whole answer arrived, false when it got none, or half of one. */
function get(port: number, agent: Agent, path: string, key: string): Promise<boolean> {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path, agent, headers: { authorization: `Bearer ${key}` } }, (res) => {
      let received = 0;
      res.on('data', (chunk: Buffer) => (received += chunk.length));
      res.on('error', () => resolve(false));
      res.on('end', () => resolve(received === Number(res.headers['content-length'])));
    });
    req.on('error', () => resolve(false));
    req.end();
  });
}

const requestOf = (path: string, key: string): string => `GET ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\n\r\n`;

interface Round {
  readonly signal: 'SIGTERM' | 'SIGINT' | 'SIGKILL';
  readonly workers: 1 | 2;
  /** SIGKILL to the primary alone: its workers find it gone. */
  readonly primaryOnly?: boolean;
}

/** What one round saw: the answers per client, and per connection of pipelined requests. */
interface Seen {
  readonly answers: Tally;
  readonly pipelined: number[];
  readonly slow: number;
}

/**
 * The service under keyed load, a lock on the dogs' table holding slow requests and pipelined ones in flight, then
 * `signal` to its whole process group; the lock is let go once every process says it is stopping.
 */
async function signalUnderLoad(
  t: Test,
  url: string,
  keys: Record<ClientName, string>,
  { signal, workers, primaryOnly = false }: Round,
): Promise<{ seen: Seen; service: MainProcess }> {
  const service = runMain(
    t,
    { STORAGE: 'postgres', DATABASE_URL: url, WORKERS: String(workers), DATABASE_POOL_SIZE: '4', ACCESS_LOG: 'off', TODAY: '2026-11-22' },
    [],
    undefined,
    { detached: true },
  );
  const listening = (await service.lines('listening', workers)) ?? [];
  if (listening.length < workers) throw new Error(`did not start: ${service.stderr.join('\n')}`);
  const port = Number(new URL(String(listening[0]?.['url'])).port);
  const answers = noAnswers();
  const clientOf = (index: number): ClientName => CLIENTS[index % CLIENTS.length] as ClientName;

  const agent = new Agent({ keepAlive: true, maxSockets: LOOPS });
  t.teardown(() => agent.destroy());
  let signalled = false;
  let sent = 0;
  const loops = Array.from({ length: LOOPS }, async () => {
    for (;;) {
      const index = sent++;
      const client = clientOf(index);
      if (await get(port, agent, PATHS[index % PATHS.length] as string, keys[client])) answers[client] += 1;
      else if (signalled) return;
    }
  });
  while (answers.shop + answers.app + answers.batch < 150) await delay(10);

  const pool = createPool({ url, size: 2, onIdleError: () => undefined });
  t.teardown(() => pool.end());
  const lock = await pool.connect();
  await lock.query('BEGIN');
  await lock.query('LOCK TABLE dogs IN ACCESS EXCLUSIVE MODE');
  // Each connection first has a request answered, so the worker holds it; what is written on it next is in flight.
  const opened = async (first: string): Promise<WireConnection> => {
    const connection = await WireConnection.open(port);
    connection.write(first);
    await connection.nextResponse(10_000);
    return connection;
  };
  const slow = await Promise.all(Array.from({ length: SLOW }, (_, index) => opened(requestOf('/cats/', keys[clientOf(index)]))));
  slow.forEach((connection, index) => connection.write(requestOf('/doggies/2/', keys[clientOf(index)])));
  const connections = await Promise.all(
    Array.from({ length: PIPELINED_CONNECTIONS }, (_, at) => opened(requestOf('/cats/', keys[clientOf(at + PIPELINED)]))),
  );
  connections.forEach((connection, at) =>
    connection.write(
      Array.from({ length: PIPELINED }, (_, index) => requestOf(index % 2 === 0 ? '/doggies/1/' : '/cats/', keys[clientOf(at + index)])).join(''),
    ),
  );
  await waitingOnTheLock(pool, 4);

  const pids = listening.map((line) => line['pid'] as number);
  signalled = true;
  if (primaryOnly) {
    service.child.kill(signal);
    t.strictSame(await service.finished(), { code: null, signal }, 'the primary is killed');
    await delay(300); // the workers' lines went with it
  } else {
    process.kill(-(service.child.pid as number), signal);
    await service.lines('stopping', workers === 1 ? 1 : workers + 1);
    await delay(200);
  }
  await lock.query('COMMIT');
  lock.release();

  if (primaryOnly) t.ok(await allGone(pids), 'its workers drained and exited on their own');
  else t.strictSame(await service.finished(), { code: 0, signal: null }, `${signal} to the group: exit code 0`, { stderr: service.stderr });
  await Promise.all(loops);
  /** The answers a connection got after its first (counted here too), once the server closed it. */
  const answersOn = async (connection: WireConnection, clientAt: (index: number) => ClientName): Promise<number> => {
    await within(connection.closed, 10_000, 'the server closing a connection');
    const { responses } = readResponses(Buffer.from(connection.text, 'latin1'));
    responses.forEach((_, index) => (answers[clientAt(index)] += 1));
    return responses.length - 1;
  };
  const slowAnswered = (await Promise.all(slow.map((connection, at) => answersOn(connection, () => clientOf(at))))).reduce((sum, n) => sum + n, 0);
  const pipelined = await Promise.all(
    connections.map((connection, at) => answersOn(connection, (index) => clientOf(index === 0 ? at + PIPELINED : at + index - 1))),
  );
  return { seen: { answers, pipelined, slow: slowAnswered }, service };
}

/** Waits until `count` statements of the service wait on the lock: requests in flight. */
async function waitingOnTheLock(pool: pg.Pool, count: number): Promise<void> {
  for (;;) {
    const { rows } = await pool.query<{ waiting: number }>(
      `SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    );
    if ((rows[0]?.waiting ?? 0) >= count) return;
    await delay(10);
  }
}

/** What each process said of its stop: every worker drained, once, whatever signals reached it. */
function checkStopLines(t: Test, service: MainProcess, { signal, workers }: Round): void {
  const lines = service.stdout;
  const pids = lines.filter((line) => line['message'] === 'listening').map((line) => line['pid'] as number);
  for (const pid of pids) {
    // The process's own lines, not the primary's about it.
    const own = lines.filter((line) => line['pid'] === pid && !String(line['message']).startsWith('worker '));
    const stopping = own.filter((line) => line['message'] === 'stopping');
    // A worker may get its primary's SIGTERM before the group's signal.
    const first = workers === 2 ? [signal, 'SIGTERM'] : [signal];
    t.ok(stopping.length === 1 && first.includes(stopping[0]?.['signal'] as string), `process ${pid}: one stop, on ${first.join(' or ')}`, {
      stopping,
    });
    t.match(own.at(-1), { message: 'stopped', exit_code: 0 }, `process ${pid}: stopped, exit code 0`);
    if (workers === 2) {
      // The other signal, unless the kernel merged it with a pending one of its kind.
      t.ok(
        own.filter((line) => line['message'] === 'stop already under way').every((line) => line['stopping_on'] === stopping[0]?.['signal']),
        `worker ${pid}: a second signal changed nothing`,
      );
      t.match(
        lines.filter((line) => line['message'] === 'worker stopped' && line['pid'] === pid),
        [{ exit_code: 0, signal: null, drained: true }],
        `the primary: worker ${pid} drained`,
      );
    }
  }
  t.equal(pids.length, workers, `${workers} serving processes`);
  if (workers === 2) t.match(lines.at(-1), { message: 'stopped', exit_code: 0 }, "the primary's line is last");
  t.same(
    service.stderr.filter((line) => /usage counts|did not finish|without draining|failed/.test(line)),
    [],
    'no count spooled or lost, no stop overrun',
  );
}

const url = await testDatabase(t);
if (url !== undefined) {
  const settings = { STORAGE: 'postgres', DATABASE_URL: url, TODAY: '2026-11-22' };
  const load = await runBuiltProgram('load-data', ['--sample'], settings);
  if (load.code !== 0) throw new Error(`load-data: ${load.stderr}`);
  const keys = {} as Record<ClientName, string>;
  for (const name of CLIENTS) {
    const created = await clientsProcess(['create', name], settings);
    if (created.code !== 0) throw new Error(`clients create ${name}: ${created.stderr}`);
    keys[name] = created.stdout.trim().split('\n').at(-1) as string;
  }
  const pool = createPool({ url, size: 1, onIdleError: () => undefined });
  t.teardown(() => pool.end());
  const stored = async (): Promise<Tally> => {
    const { rows } = await pool.query<{ client: ClientName; requests: number }>(
      'SELECT client, sum(requests)::int AS requests FROM api_usage GROUP BY client',
    );
    return { ...noAnswers(), ...Object.fromEntries(rows.map(({ client, requests }) => [client, requests])) };
  };

  const answered = noAnswers();
  const rounds: Round[] = [
    ...Array.from({ length: 5 }, (): Round => ({ signal: 'SIGTERM', workers: 2 })),
    { signal: 'SIGINT', workers: 2 },
    { signal: 'SIGINT', workers: 2 },
    { signal: 'SIGTERM', workers: 1 },
    { signal: 'SIGINT', workers: 1 },
    { signal: 'SIGKILL', workers: 2, primaryOnly: true },
  ];
  const figures: string[] = [];
  for (const [index, round] of rounds.entries()) {
    const target = round.primaryOnly === true ? 'the primary alone' : 'the process group';
    await t.test(
      `round ${index + 1}: ${round.signal} to ${target} of WORKERS=${round.workers} under load: every answer counted, nothing else`,
      async (t) => {
        const before = await stored();
        const { seen, service } = await signalUnderLoad(t, url, keys, round);
        if (round.primaryOnly !== true) checkStopLines(t, service, round);
        for (const name of CLIENTS) answered[name] += seen.answers[name];
        const after = await stored();
        t.same(after, answered, 'the usage table holds, per client, the answers received in every round so far');
        t.same(
          seen.pipelined,
          Array.from({ length: PIPELINED_CONNECTIONS }, () => PIPELINED),
          'every pipelined request in flight at the signal was answered',
        );
        t.equal(seen.slow, SLOW, 'and every slow one');
        const total = CLIENTS.reduce((sum, name) => sum + seen.answers[name], 0);
        const counted = CLIENTS.reduce((sum, name) => sum + after[name] - before[name], 0);
        figures.push(
          `${round.signal} to ${target}, WORKERS=${round.workers}: ${total} answered, ${counted} counted; pipelined ${seen.pipelined.join('/')} of ${PIPELINED}; slow ${seen.slow} of ${SLOW}`,
        );
      },
    );
  }

  await t.test('the report, from the database after every stop, adds up to the answers received', async (t) => {
    const report = await clientsProcess(['report', '--json'], settings);
    const rows = JSON.parse(report.stdout) as { client: ClientName; requests: number }[];
    const total = CLIENTS.reduce((sum, name) => sum + answered[name], 0);
    t.equal(
      rows.reduce((sum, row) => sum + row.requests, 0),
      total,
      `${total} answers in ${rounds.length} rounds, each counted once`,
    );
    t.comment(figures.join('\n'));
  });
}
