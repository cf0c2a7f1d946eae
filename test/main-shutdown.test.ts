import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import t from 'tap';
import { setTimeout as delay } from 'node:timers/promises';
import { runMain } from './fixtures/main-process.js';
import { readResponses, WireConnection, within } from './fixtures/wire.js';

const DRAIN_TIMEOUT_MS = 4000;
/** How long the test waits for the exit before it calls the stop hung; the drain timeout plus slack for a busy machine. */
const EXIT_WATCHDOG_MS = DRAIN_TIMEOUT_MS + 6000;
const CLIENTS = 24;
const PATHS = ['/doggies/', '/doggies/1/', '/cats/', '/cats/2/', '/version/', '/version/my_version/', '/doggies/?limit=2&offset=1', '/nope/'];
const VERSIONS = ['1.0.0', '2.0.0', '2.1.0', '3.0.0', '4.0.0', '5.0.0'];

type Outcome = 'complete' | 'refused before any response' | 'truncated' | 'server error';

/** One GET; says whether it got a whole response, no response at all (connection refused or closed first), or half of one. */
function get(port: number, agent: Agent, index: number): Promise<Outcome> {
  return new Promise((resolve) => {
    let responded = false;
    const req = request(
      {
        host: '127.0.0.1',
        port,
        agent,
        path: PATHS[index % PATHS.length],
        headers: { accept: `application/json; version=${VERSIONS[index % VERSIONS.length]}` },
      },
      (res) => {
        responded = true;
        let received = 0;
        res.on('data', (chunk: Buffer) => (received += chunk.length));
        res.on('error', () => resolve('truncated'));
        res.on('aborted', () => resolve('truncated'));
        res.on('end', () => {
          const length = Number(res.headers['content-length']);
          if (res.statusCode === undefined || res.statusCode >= 500) resolve('server error');
          else resolve(received === length ? 'complete' : 'truncated');
        });
      },
    );
    req.on('error', () => resolve(!responded ? 'refused before any response' : 'truncated'));
    req.end();
  });
}

function connectOutcome(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
  });
}

t.test(
  'SIGTERM under load: every accepted request gets a whole response, new connections are refused, exit 0 within the drain timeout',
  async (t) => {
    const service = runMain(t, { DRAIN_TIMEOUT_MS: String(DRAIN_TIMEOUT_MS) });
    const [listening] = (await service.lines('listening')) ?? [];
    if (listening === undefined) throw new Error(`did not start: ${service.stderr.join('\n')}`);
    const port = Number(new URL(String(listening['url'])).port);

    // A request whose headers are half sent when the signal comes: the stop must wait for it.
    const halfSent = await WireConnection.open(port);
    halfSent.write('GET /doggies/1/ HTTP/1.1\r\nHost: x\r\n');

    const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS });
    t.teardown(() => agent.destroy());
    const outcomes = new Map<Outcome, number>();
    let sent = 0;
    let stopSignalled = false;
    const loops = Array.from({ length: CLIENTS }, async () => {
      for (;;) {
        const outcome = await get(port, agent, sent++);
        outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
        if ((stopSignalled || service.child.exitCode !== null) && outcome === 'refused before any response') return;
      }
    });

    while ((outcomes.get('complete') ?? 0) < 500) {
      if (service.child.exitCode !== null) throw new Error(`the service died under load: ${service.stderr.join('\n')}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const signalledAt = Date.now();
    service.child.kill('SIGTERM');
    stopSignalled = true;
    await service.lines('stopping');
    const afterSignal = await connectOutcome(port);
    const stillRunning = service.child.exitCode === null;
    halfSent.write('Accept: application/json; version=2.0.0\r\n\r\n');
    const lastResponse = await halfSent.nextResponse(EXIT_WATCHDOG_MS).catch((error: Error) => error.message);

    await Promise.all(loops);
    let watchdog: NodeJS.Timeout | undefined;
    const exit = await Promise.race([
      service.finished(),
      new Promise<undefined>((resolve) => (watchdog = setTimeout(() => resolve(undefined), EXIT_WATCHDOG_MS))),
    ]);
    clearTimeout(watchdog);
    const exitedAfterMs = Date.now() - signalledAt;

    t.comment(`outcomes: ${JSON.stringify(Object.fromEntries(outcomes))}; exit ${exitedAfterMs} ms after SIGTERM`);
    t.strictSame(exit, { code: 0, signal: null }, 'the process exits on its own with code 0');
    t.equal(afterSignal, 'ECONNREFUSED', 'a new connection after the signal is refused');
    t.ok(stillRunning, 'while the process was still draining');
    t.match(lastResponse, { status: 200 }, 'the request in flight at the signal got its response');
    t.equal(outcomes.get('truncated') ?? 0, 0, 'no response was cut short');
    t.equal(outcomes.get('server error') ?? 0, 0, 'no 5xx');
    t.ok((outcomes.get('complete') ?? 0) >= 500, 'the load was served until the signal');

    const accessLog = service.stdout.filter((line) => typeof line['status'] === 'number');
    t.equal(accessLog.filter((line) => line['status'] === 499).length, 0, 'the server gave up on no request it had accepted (no 499)');
    t.equal(
      accessLog.length,
      (outcomes.get('complete') ?? 0) + 1,
      'every request the server accepted reached its client whole (access log lines = complete responses)',
    );
    t.strictSame(service.stderr, [], 'nothing on stderr');
    t.match(service.stdout.at(-1), { message: 'stopped' }, '"stopped" is the last line');
  },
);

for (const [workers, signal] of [
  [2, 'SIGTERM'],
  [1, 'SIGINT'],
] as const) {
  t.test(
    `${signal} to the whole process group of WORKERS=${workers} under pipelined load: each process drains once, every request run is answered`,
    async (t) => {
      const service = runMain(t, { WORKERS: String(workers) }, [], undefined, { detached: true });
      const listening = (await service.lines('listening', workers)) ?? [];
      const port = Number(new URL(String(listening[0]?.['url'])).port);
      const agent = new Agent({ keepAlive: true, maxSockets: 8 });
      t.teardown(() => agent.destroy());
      let complete = 0;
      let signalled = false;
      const loops = Array.from({ length: 8 }, async (_, loop) => {
        for (let index = loop; ; index += 8) {
          const outcome = await get(port, agent, index);
          if (outcome === 'complete') complete += 1;
          else if (signalled) return;
        }
      });
      while (complete < 300) await delay(10);
      const connections = await Promise.all([0, 1, 2, 3].map(() => WireConnection.open(port)));
      for (const connection of connections)
        connection.write('GET /doggies/1/ HTTP/1.1\r\nHost: x\r\n\r\nGET /cats/ HTTP/1.1\r\nHost: x\r\n\r\n'.repeat(20));
      process.kill(-(service.child.pid as number), signal);
      signalled = true;
      t.strictSame(await service.finished(), { code: 0, signal: null }, 'exit code 0');
      await Promise.all(loops);
      const pipelined = await Promise.all(
        connections.map(async (connection) => {
          await within(connection.closed, 10_000, 'the server closing a connection');
          return readResponses(Buffer.from(connection.text, 'latin1')).responses.length;
        }),
      );
      const pids = listening.map((line) => line['pid'] as number);
      for (const pid of pids) {
        const own = service.stdout.filter((line) => line['pid'] === pid && !String(line['message']).startsWith('worker '));
        t.equal(own.filter((line) => line['message'] === 'stopping').length, 1, `process ${pid}: one stop`);
        t.match(own.at(-1), { message: 'stopped', exit_code: 0 }, `process ${pid}: stopped, exit code 0`);
      }
      if (workers === 2) {
        t.match(
          service.stdout.filter((line) => line['message'] === 'worker stopped'),
          pids.map(() => ({ drained: true, exit_code: 0 })),
          'the primary: a line per worker, each drained',
        );
      }
      const accessLines = service.stdout.filter((line) => typeof line['status'] === 'number').length;
      t.equal(
        accessLines,
        complete + pipelined.reduce((sum, count) => sum + count, 0),
        `every request run reached its client whole (${complete} in loops, pipelined ${pipelined.join('/')} of 40)`,
      );
      t.strictSame(service.stderr, [], 'nothing on stderr');
    },
  );
}

t.test('SIGTERM while starting (waiting for the database): stops at once, exit code 0, nothing served', async (t) => {
  const service = runMain(t, { STORAGE: 'postgres', DATABASE_URL: 'postgres://u:p@127.0.0.1:1/nowhere', DATABASE_CONNECT_TIMEOUT_MS: '60000' });
  while (!service.stderr.some((line) => line.includes('database unreachable, retrying'))) await delay(50);
  service.child.kill('SIGTERM');
  t.strictSame(await service.finished(), { code: 0, signal: null }, 'exit code 0, without waiting for the database');
  t.match(
    service.stdout.map((line) => line['message']),
    ['stopping', 'stopped'],
    'it says it stops, and nothing of listening',
  );
});

t.test('a second signal while the drain waits on a request still coming in: logged, and the drain goes on to its end', async (t) => {
  const service = runMain(t, { WORKERS: '1', DRAIN_TIMEOUT_MS: '2000' });
  const [listening] = (await service.lines('listening')) ?? [];
  const port = Number(new URL(String(listening?.['url'])).port);
  const socket = connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  // Headers without their end: the request is under way, so the drain waits for it (to DRAIN_TIMEOUT_MS).
  socket.write('GET /doggies/1/ HTTP/1.1\r\nHost: x\r\n');
  socket.on('error', () => undefined);
  await delay(100);
  service.child.kill('SIGTERM');
  await service.lines('stopping');
  service.child.kill('SIGINT');
  const [again] = (await service.lines('stop already under way')) ?? [];
  t.match(again, { signal: 'SIGINT', stopping_on: 'SIGTERM' }, 'the second signal is said, and changes nothing');
  t.strictSame(await service.finished(), { code: 0, signal: null }, 'the process still drains and exits 0');
  socket.destroy();
});
