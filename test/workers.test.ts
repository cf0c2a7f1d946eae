import { readlinkSync } from 'node:fs';
import t from 'tap';
import { allGone, isAlive, runMain } from './fixtures/main-process.js';
import { WireConnection } from './fixtures/wire.js';

// Several service processes started, killed and drained: about 35 s alone, over 60 s beside other suites in CI.
t.setTimeout(120_000);

const pidsOf = (lines: Record<string, unknown>[]): number[] => lines.map((line) => line['pid'] as number);

t.test('WORKERS=2: two workers share the port, a dead one is replaced, SIGTERM drains them all and exits 0', async (t) => {
  const service = runMain(t, { WORKERS: '2', ACCESS_LOG: 'off' });
  const listening = (await service.lines('listening', 2)) ?? [];
  t.equal(listening.length, 2, 'two workers listen', { stderr: service.stderr });
  t.match(service.stdout[0], { level: 'info', message: 'starting workers', workers: 2 }, 'the primary says how many it starts');
  const url = String(listening[0]?.['url']);
  t.equal(listening[1]?.['url'], url, 'on the same port');
  const [first, second] = pidsOf(listening);
  t.not(first, second, 'in two processes');
  t.not(first, service.child.pid, 'neither is the primary');
  t.equal((await fetch(`${url}/doggies/1/`)).status, 200, 'the service answers');

  process.kill(first as number, 'SIGKILL');
  const replaced = (await service.lines('listening', 3)) ?? [];
  t.equal(replaced.length, 3, 'a third worker listens after one was killed');
  t.notOk(
    pidsOf(replaced)
      .slice(2)
      .includes(first as number),
    'a new process',
  );
  t.match(
    JSON.parse(service.stderr.find((line) => line.includes('worker died')) ?? '{}'),
    {
      level: 'error',
      message: 'worker died; replacing it',
      pid: first,
      signal: 'SIGKILL',
      restart_in_ms: 100,
    },
    'the death is logged with the pid, the signal and the wait',
  );
  t.equal((await fetch(`${url}/doggies/1/`)).status, 200, 'the service still answers');

  service.child.kill('SIGTERM');
  t.strictSame(await service.finished(), { code: 0, signal: null }, 'SIGTERM: the primary exits 0');
  t.ok(await allGone(pidsOf(replaced)), 'every worker has exited');
  t.equal(service.stdout.filter((line) => line['message'] === 'stopped').length, 3, 'the two workers drained, then the primary stopped');
  t.match(service.stdout.at(-1), { message: 'stopped', exit_code: 0 }, 'the primary is last');
});

t.test('WORKERS=2 with the access log: the primary is the only writer of stdout and stderr, and every line reaches it whole', async (t) => {
  const service = runMain(t, { WORKERS: '2' });
  const listening = (await service.lines('listening', 2)) ?? [];
  t.equal(listening.length, 2, 'two workers listen', { stderr: service.stderr });
  if (process.platform === 'linux') {
    for (const [fd, name] of [
      [1, 'stdout'],
      [2, 'stderr'],
    ] as const) {
      const primary = readlinkSync(`/proc/${service.child.pid}/fd/${fd}`);
      for (const pid of pidsOf(listening)) {
        t.not(readlinkSync(`/proc/${pid}/fd/${fd}`), primary, `worker ${pid} writes its ${name} to a pipe of its own, not to the primary's`);
      }
    }
  }
  const url = String(listening[0]?.['url']);
  const requests = 400;
  const statuses = await Promise.all(
    Array.from({ length: requests }, async (_, index) => (await fetch(`${url}/doggies/${(index % 3) + 1}/`)).status),
  );
  t.ok(
    statuses.every((status) => status === 200),
    'every request answered',
  );
  service.child.kill('SIGTERM');
  t.strictSame(await service.finished(), { code: 0, signal: null }, 'SIGTERM: the primary exits 0');
  t.equal(service.stdout.filter((line) => Object.keys(line).length === 0).length, 0, 'every stdout line is whole JSON');
  t.equal(service.stdout.filter((line) => line['method'] === 'GET').length, requests, 'one access line per request');
  t.equal(service.stdout.filter((line) => line['message'] === 'stopped').length, 3, "each worker's last line arrives before the primary exits");
  t.match(service.stdout.at(-1), { message: 'stopped', exit_code: 0 }, 'the primary is last');
});

t.test('WORKERS=2: workers whose primary was killed drain and exit on their own', async (t) => {
  const service = runMain(t, { WORKERS: '2', ACCESS_LOG: 'off' });
  const workers = pidsOf((await service.lines('listening', 2)) ?? []);
  t.equal(workers.length, 2, 'two workers listen');
  service.child.kill('SIGKILL');
  await service.exit;
  t.ok(await allGone(workers), 'no orphaned worker stays');
});

t.test('WORKERS=2 with a bad setting or a bad data file refuses the start with exit code 1', async (t) => {
  const bad = runMain(t, { WORKERS: '2', AGE_REMOVAL: 'nope' });
  t.strictSame(await bad.finished(), { code: 1, signal: null }, 'a bad setting: exit 1');
  t.match(bad.stderr, [/^Refusing to start: bad setting: AGE_REMOVAL="nope"/], 'said once, by the primary, before any worker starts');
  t.strictSame(bad.stdout, [], 'no worker was started');

  const missing = runMain(t, { WORKERS: '2', DATA_FILE: 'no/such/file.json' });
  t.strictSame(await missing.finished(), { code: 1, signal: null }, 'a bad data file: exit 1');
  t.ok(
    missing.stderr.some((line) => /^Refusing to start: DATA_FILE "no\/such\/file\.json": cannot be read/.test(line)),
    'the worker says why',
    { stderr: missing.stderr },
  );
  t.ok(
    missing.stderr.some((line) => line.includes('a worker refused to start; stopping the others')),
    'the primary says it stops',
  );
  t.notOk(
    missing.stdout.some((line) => line['message'] === 'listening' && isAlive(line['pid'] as number)),
    'no worker is left',
  );
});

t.test('WORKERS=2: a worker killed while it drains makes the exit code 1, and the primary says which', async (t) => {
  const service = runMain(t, { WORKERS: '2', ACCESS_LOG: 'off' });
  const listening = (await service.lines('listening', 2)) ?? [];
  const url = String(listening[0]?.['url']);
  // Idle keep-alive connections on both workers hold each drain for its grace period.
  const connections = await Promise.all(Array.from({ length: 8 }, () => WireConnection.open(Number(new URL(url).port))));
  for (const connection of connections) connection.write('GET /doggies/1/ HTTP/1.1\r\nHost: x\r\n\r\n');
  await Promise.all(connections.map((connection) => connection.nextResponse()));
  service.child.kill('SIGTERM');
  const [killed, drained] = pidsOf(listening);
  await service.lines('stopping', 3);
  process.kill(killed as number, 'SIGKILL');
  t.strictSame(await service.finished(), { code: 1, signal: null }, 'exit code 1');
  t.match(
    service.stderr.map((line) => JSON.parse(line) as Record<string, unknown>),
    [
      {
        level: 'error',
        message: 'worker stopped without draining (SIGKILL): what it had not answered or stored is lost',
        pid: killed,
        signal: 'SIGKILL',
        drained: false,
      },
    ],
    'the killed one, on stderr',
  );
  t.match(
    service.stdout.filter((line) => line['message'] === 'worker stopped'),
    [{ pid: drained, exit_code: 0, drained: true }],
    'the other drained',
  );
  t.match(service.stdout.at(-1), { message: 'stopped', exit_code: 1 }, 'the primary says so last');
});
