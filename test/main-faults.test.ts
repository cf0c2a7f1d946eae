import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import t, { type Test } from 'tap';
import { allGone, runMain } from './fixtures/main-process.js';

// A service process per fault: about 20 to 30 s alone, near 60 s beside other suites in CI.
t.setTimeout(120_000);

/**
 * A module loaded before src/main.ts that makes a fault no code catches when the process gets SIGUSR2
 * (FAULT=rejection: two rejections of a non-Error; FAULT=exception: a thrown Error).
 */
const FAULT_MODULE = `
process.on('SIGUSR2', () => {
  if (process.env.FAULT === 'exception') setTimeout(() => { throw new Error('boom: thrown'); });
  else { void Promise.reject('boom: rejected'); void Promise.reject('boom: again'); }
});
`;

function faultFlags(t: Test): string[] {
  const dir = t.testdir({ 'fault.mjs': FAULT_MODULE });
  return [`--import=${pathToFileURL(join(dir, 'fault.mjs')).href}`];
}

const faultLines = (stderr: readonly string[]) =>
  stderr.filter((line) => line.includes('draining and exiting')).map((line) => JSON.parse(line) as Record<string, unknown>);

t.test('an unhandled rejection: one line, the server drains, exit code 1', async (t) => {
  const service = runMain(t, { FAULT: 'rejection', ACCESS_LOG: 'off' }, faultFlags(t));
  const [listening] = (await service.lines('listening')) ?? [];
  const url = String(listening?.['url']);
  t.equal((await fetch(`${url}/doggies/1/`)).status, 200, 'serving');
  service.child.kill('SIGUSR2');
  t.strictSame(await service.finished(), { code: 1, signal: null }, 'exit code 1, for a supervisor to restart it');
  t.match(
    faultLines(service.stderr),
    [{ level: 'error', message: 'unhandled rejection: draining and exiting', error: 'boom: rejected', pid: service.child.pid }],
    'one line, the second rejection not logged again',
  );
  t.match(service.stdout.at(-1), { message: 'stopped', exit_code: 1 }, 'drained first');
});

t.test('an uncaught exception: one line with its stack, exit code 1', async (t) => {
  const service = runMain(t, { FAULT: 'exception', ACCESS_LOG: 'off' }, faultFlags(t));
  await service.lines('listening');
  service.child.kill('SIGUSR2');
  t.strictSame(await service.finished(), { code: 1, signal: null }, 'exit code 1');
  t.match(
    faultLines(service.stderr),
    [{ level: 'error', message: 'uncaught exception: draining and exiting', error: 'boom: thrown', stack: /^Error: boom: thrown\n/ }],
    'one line',
  );
});

t.test('a fault while starting (waiting for the database): exit code 1 without serving', async (t) => {
  const service = runMain(
    t,
    { FAULT: 'rejection', STORAGE: 'postgres', DATABASE_URL: 'postgres://u:p@127.0.0.1:1/nowhere', DATABASE_CONNECT_TIMEOUT_MS: '60000' },
    faultFlags(t),
  );
  while (!service.stderr.some((line) => line.includes('database unreachable, retrying'))) await new Promise((resolve) => setTimeout(resolve, 50));
  service.child.kill('SIGUSR2');
  t.strictSame(await service.finished(), { code: 1, signal: null }, 'exit code 1');
  t.match(faultLines(service.stderr), [{ message: 'unhandled rejection: draining and exiting', error: 'boom: rejected' }], 'one line');
});

t.test('WORKERS=2: a worker that faults exits 1 and the primary replaces it', async (t) => {
  const service = runMain(t, { FAULT: 'rejection', WORKERS: '2', ACCESS_LOG: 'off' }, faultFlags(t));
  const listening = (await service.lines('listening', 2)) ?? [];
  const [first] = listening.map((line) => line['pid'] as number);
  process.kill(first as number, 'SIGUSR2');
  const replaced = (await service.lines('listening', 3)) ?? [];
  t.equal(replaced.length, 3, 'a third worker listens');
  t.match(
    JSON.parse(service.stderr.find((line) => line.includes('worker died')) ?? '{}'),
    { message: 'worker died; replacing it', pid: first, code: 1 },
    'the primary saw exit code 1',
  );
  t.equal((await fetch(`${String(replaced[2]?.['url'])}/doggies/1/`)).status, 200, 'the service answers');
  service.child.kill('SIGTERM');
  t.strictSame(await service.finished(), { code: 0, signal: null }, 'SIGTERM: the primary exits 0');
  t.ok(await allGone(replaced.map((line) => line['pid'] as number)), 'every worker has exited');
});
