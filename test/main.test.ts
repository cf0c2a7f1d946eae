import { createServer, type AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import t from 'tap';
import { runMain, type MainProcess } from './fixtures/main-process.js';
import { BIKO_NEWEST } from './fixtures/versions.js';

/** The first stdout line, once the service has said it listens ({} when it exits first). */
async function firstLine(service: MainProcess): Promise<Record<string, unknown>> {
  await service.lines('listening');
  return service.stdout[0] ?? {};
}

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  t.test(`the service starts on a free port, serves the sample data and stops on ${signal}`, async (t) => {
    const service = runMain(t);
    const listening = await firstLine(service);
    t.match(
      listening,
      { level: 'info', message: 'listening', url: /^http:\/\/127\.0\.0\.1:\d+$/, storage: 'memory (dogs: 5, cats: 3) from the bundled sample data' },
      'the first line says where it listens, and which storage serves',
    );
    t.match(listening, { time: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/ }, 'with the time');
    t.not(listening['url'], 'http://127.0.0.1:0', 'the port is the one picked, not 0');

    const response = await fetch(`${String(listening['url'])}/doggies/1/`);
    t.equal(response.status, 200, 'GET /doggies/1/ answers');
    t.same(await response.json(), BIKO_NEWEST, 'dog 1 is Biko');

    t.ok(service.child.kill(signal), `${signal} is sent`);
    const exit = await service.finished();
    t.strictSame(exit, { code: 0, signal: null }, `${signal} stops it with exit code 0`);
    await t.rejects(fetch(`${String(listening['url'])}/version/`), 'the port is closed once it has stopped');
    const messages = service.stdout;
    t.match(
      messages.find((line) => line['message'] === 'stopping'),
      { level: 'info', signal },
      `"stopping" is logged with ${signal}`,
    );
    t.match(messages.at(-1), { level: 'info', message: 'stopped' }, '"stopped" is the last line');
    t.ok(
      messages.some((line) => line['method'] === 'GET' && line['path'] === '/doggies/1/' && line['status'] === 200),
      'the request was access-logged',
    );
    t.strictSame(service.stderr, [], 'nothing on stderr');
  });
}

t.test('the service keeps serving when the reader of its stdout goes away, and says so once on stderr', async (t) => {
  const service = runMain(t);
  const url = String((await firstLine(service))['url']);
  service.child.stdout!.destroy();
  const said = async (): Promise<string[]> => {
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const lines = service.stderr.filter((line) => line.includes('stdout failed'));
      if (lines.length > 0) return lines;
      const response = await fetch(`${url}/doggies/1/`);
      await response.arrayBuffer();
      await delay(50);
    }
    return [];
  };
  const lines = await said();
  t.equal(lines.length, 1, 'one line on stderr once its access lines cannot be written');
  t.match(JSON.parse(lines[0] ?? '{}'), { level: 'error', message: /dropped from now on/, error: /EPIPE/ }, 'it names the failure');
  for (let request = 0; request < 20; request += 1) {
    const response = await fetch(`${url}/doggies/1/`);
    t.equal(response.status, 200, `request ${request + 1} after it is still answered`);
    await response.arrayBuffer();
  }
  await delay(100);
  service.child.kill('SIGTERM');
  t.strictSame(await service.finished(), { code: 0, signal: null }, 'it stops as usual, exit code 0');
  t.equal(service.stderr.filter((line) => line.includes('stdout failed')).length, 1, 'the failure is said once only');
  t.strictSame(
    service.stderr.filter((line) => !line.includes('stdout failed')),
    [],
    'and nothing else is on stderr',
  );
});

t.test('the settings reach the running service, and an IPv6 HOST gives a usable url', async (t) => {
  const service = runMain(t, { HOST: '::1', DEFAULT_VERSION: 'earliest', ACCESS_LOG: 'off' });
  const listening = await firstLine(service);
  t.equal(listening['message'], 'listening', 'it listens on ::1');
  t.match(listening, { url: /^http:\/\/\[::1\]:\d+$/ }, 'the url names HOST, the address bracketed');
  const response = await fetch(`${String(listening['url'])}/version/my_version/`);
  t.equal(response.headers.get('content-type'), 'application/json; version=1.0.0', 'the url answers; DEFAULT_VERSION=earliest serves 1.0.0');
  await response.arrayBuffer();
  service.child.kill('SIGTERM');
  t.strictSame(await service.finished(), { code: 0, signal: null }, 'exit code 0');
  t.strictSame(
    service.stdout.map((line) => line['message']),
    ['listening', 'stopping', 'stopped'],
    'ACCESS_LOG=off: only the lifecycle lines',
  );
});

// Which settings and data files are refused, and how each is named, is tested in-process (compose-service.test.ts).
t.test('a bad start exits with code 1 and says why on stderr', async (t) => {
  const cases: [Record<string, string>, RegExp, string][] = [
    [{ DATA_FILE: 'no/such/file.json' }, /^Refusing to start: DATA_FILE "no\/such\/file\.json": cannot be read \(ENOENT\)/, 'a missing DATA_FILE'],
  ];
  for (const [settings, expected, what] of cases) {
    const service = runMain(t, settings);
    const exit = await service.finished();
    t.strictSame(exit, { code: 1, signal: null }, `${what}: exit code 1`);
    t.equal(service.stderr.length, 1, `${what}: one line on stderr`, { stderr: service.stderr });
    t.match(service.stderr[0], /^Refusing to start: /, `${what}: it starts "Refusing to start:"`);
    t.match(service.stderr[0], expected, `${what}: it names what is wrong`);
    t.strictSame(service.stdout, [], `${what}: nothing on stdout, no "listening"`);
  }
});

t.test('a port already in use exits with code 1', async (t) => {
  const blocker = createServer();
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise<void>((resolve) => blocker.close(() => resolve())));
  const port = (blocker.address() as AddressInfo).port;

  const service = runMain(t, { PORT: String(port), HOST: '127.0.0.1' });
  t.strictSame(await service.finished(), { code: 1, signal: null }, 'exit code 1');
  t.equal(service.stderr.length, 1, 'one line on stderr', { stderr: service.stderr });
  t.match(service.stderr[0], /^Refusing to start: .*EADDRINUSE/, 'it says the address is in use');
  t.match(service.stderr[0], String(port), 'it names the port');
  t.match(service.stderr[0], /\bPORT\b|\bHOST\b/, 'it names the setting, as decisions.md asks of a bad setting');
  t.strictSame(service.stdout, [], 'nothing on stdout, no "listening"');
});
