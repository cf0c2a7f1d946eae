import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { SERVICE_SETTING_NAMES } from './fixtures/setting-names.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

// A process test: only a process shows which process a signal to npm reaches. The build (prestart) is this run's dist/.
t.test('npm start leaves no orphan: SIGTERM to npm reaches the service, which drains and exits', async (t) => {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of SERVICE_SETTING_NAMES) delete env[name];
  delete env['NODE_OPTIONS'];
  const npm = spawn('npm', ['start', '--ignore-scripts', '--silent'], { cwd: ROOT, env: { ...env, PORT: '0', ACCESS_LOG: 'off' } });
  const started: { pid?: number } = {};
  t.teardown(() => {
    npm.kill('SIGKILL');
    // An orphan, if the test fails, is not left holding a port.
    if (started.pid !== undefined && isAlive(started.pid)) process.kill(started.pid, 'SIGKILL');
  });
  const lines: Record<string, unknown>[] = [];
  const listening = new Promise<Record<string, unknown>>((resolve) => {
    createInterface({ input: npm.stdout }).on('line', (line) => {
      const parsed = JSON.parse(line) as Record<string, unknown>;
      lines.push(parsed);
      if (parsed['message'] === 'listening') resolve(parsed);
    });
  });
  const service = (started.pid = (await listening)['pid'] as number);
  t.not(service, npm.pid, 'the service is a process of its own');
  const exited = once(npm, 'exit');
  npm.kill('SIGTERM');
  await exited;
  for (let waited = 0; isAlive(service) && waited < 5000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
  t.notOk(isAlive(service), 'the service is gone once npm is');
  t.match(
    lines.map((line) => line['message']),
    ['listening', 'stopping', 'stopped'],
    'it drained and stopped, as on a SIGTERM of its own',
  );
});
