import t from 'tap';
import { acceptVersion, startService } from '../../fixtures/service.js';
import { call, getWithoutAccept, rawCall, waitForLines } from './fixtures/http-client.js';
import { NEWEST_VERSION } from '../../fixtures/versions.js';

interface AccessLine {
  readonly time: string;
  readonly method: string;
  readonly path: string;
  readonly status: number;
  readonly version: string | null;
  readonly duration_ms: number;
  readonly user_agent: string | null;
}

t.test('one JSON line per request: method, path, status, resolved version (or null) and duration', async (t) => {
  const service = await startService(t);
  // [message, request, expected line]
  const cases: [string, () => Promise<unknown>, Omit<AccessLine, 'time' | 'duration_ms' | 'user_agent'>][] = [
    [
      'a record',
      () => call(service.url, '/doggies/1/', { headers: acceptVersion('2.1.0') }),
      { method: 'GET', path: '/doggies/1/', status: 200, version: '2.1.0' },
    ],
    [
      'the default version',
      () => getWithoutAccept(service.port, '/version/'),
      { method: 'GET', path: '/version/', status: 200, version: NEWEST_VERSION },
    ],
    [
      'the query string is not logged',
      () => call(service.url, '/doggies/?limit=2&offset=1', { headers: acceptVersion('3.0.0') }),
      { method: 'GET', path: '/doggies/', status: 200, version: '3.0.0' },
    ],
    [
      'a hidden action still has its version',
      () => call(service.url, '/cats/1/', { headers: acceptVersion('1.0.0') }),
      { method: 'GET', path: '/cats/1/', status: 404, version: '1.0.0' },
    ],
    [
      'a bad page',
      () => call(service.url, '/cats/?limit=0', { headers: acceptVersion('1.0.0') }),
      { method: 'GET', path: '/cats/', status: 400, version: '1.0.0' },
    ],
    [
      'a refused version',
      () => call(service.url, '/doggies/', { headers: acceptVersion('9.9.9') }),
      { method: 'GET', path: '/doggies/', status: 406, version: null },
    ],
    [
      'an unsatisfiable Accept',
      () => call(service.url, '/doggies/', { headers: { accept: 'text/html' } }),
      { method: 'GET', path: '/doggies/', status: 406, version: null },
    ],
    ['an unknown path', () => call(service.url, '/nope/'), { method: 'GET', path: '/nope/', status: 404, version: null }],
    ['a redirect', () => call(service.url, '/doggies'), { method: 'GET', path: '/doggies', status: 301, version: null }],
    [
      'HEAD',
      () => rawCall(service.port, 'HEAD', '/doggies/1/', { Accept: 'application/json; version=4.0.0' }),
      { method: 'HEAD', path: '/doggies/1/', status: 200, version: '4.0.0' },
    ],
    ['OPTIONS', () => call(service.url, '/cats/', { method: 'OPTIONS' }), { method: 'OPTIONS', path: '/cats/', status: 204, version: null }],
    ['a refused method', () => call(service.url, '/cats/', { method: 'DELETE' }), { method: 'DELETE', path: '/cats/', status: 405, version: null }],
  ];
  for (const [index, [message, request, expected]] of cases.entries()) {
    const before = Date.now();
    await request();
    await waitForLines(service.stdout, index + 1);
    t.equal(service.stdout.length, index + 1, `${message}: exactly one more line`);
    const text = service.stdout[index] as string;
    t.notOk(text.includes('\n'), `${message}: a single line`);
    const line = JSON.parse(text) as AccessLine;
    t.same({ method: line.method, path: line.path, status: line.status, version: line.version }, expected, `${message}: fields`);
    t.same(
      Object.keys(line).sort(),
      ['client', 'duration_ms', 'method', 'path', 'status', 'time', 'user_agent', 'version'],
      `${message}: no other field`,
    );
    t.type(line.duration_ms, 'number', `${message}: duration_ms is a number`);
    t.ok(line.duration_ms >= 0 && line.duration_ms < 10_000, `${message}: duration_ms is plausible`);
    t.equal(new Date(line.time).toISOString(), line.time, `${message}: time is an ISO timestamp`);
    t.ok(Date.parse(line.time) >= before - 1000, `${message}: time is now`);
  }
  t.same(service.stderr, [], 'no error lines');
});

t.test('a very long path is logged cut to 2048 characters', async (t) => {
  const service = await startService(t);
  const path = `/${'a'.repeat(5000)}/`;
  t.equal((await call(service.url, path)).status, 404, 'served: 404');
  await waitForLines(service.stdout, 1);
  const line = JSON.parse(service.stdout[0] as string) as AccessLine;
  t.equal(line.path, path.slice(0, 2048), 'the first 2048 characters');
});

t.test('the User-Agent, cut to 256 characters and escaped, so the callers of a version can be named', async (t) => {
  const service = await startService(t);
  const agents: [string | undefined, string | null, string][] = [
    ['billing-sync/1.4 (+https://example.com)', 'billing-sync/1.4 (+https://example.com)', 'as sent'],
    [undefined, null, 'none sent: null'],
    ['', '', 'empty'],
    ['quote " back \\ slash', 'quote " back \\ slash', 'quotes and backslashes escaped'],
    ['é-agent', 'é-agent', 'latin-1 bytes read as node reads them'],
    ['a'.repeat(5000), 'a'.repeat(256), 'a long one cut'],
  ];
  for (const [index, [agent]] of agents.entries()) {
    const headers: Record<string, string> = { Accept: 'application/json; version=2.1.0' };
    if (agent !== undefined) headers['User-Agent'] = agent;
    await rawCall(service.port, 'GET', '/doggies/1/', headers);
    await waitForLines(service.stdout, index + 1);
  }
  for (const [index, [, expected, message]] of agents.entries()) {
    const text = service.stdout[index] as string;
    const line = JSON.parse(text) as AccessLine;
    t.equal(line.user_agent, expected === 'é-agent' ? Buffer.from('é-agent', 'utf8').toString('latin1') : expected, message);
    t.notOk(text.includes('\n'), `${message}: one line`);
  }
});

t.test('ACCESS_LOG=on writes a line per request; ACCESS_LOG=off writes none', async (t) => {
  const on = await startService(t, { ACCESS_LOG: 'on' });
  const off = await startService(t, { ACCESS_LOG: 'off' });
  for (const service of [on, off]) {
    await call(service.url, '/doggies/');
    await call(service.url, '/nope/');
    await call(service.url, '/doggies/', { headers: acceptVersion('9.9.9') });
  }
  await waitForLines(on.stdout, 3);
  await new Promise((resolve) => setTimeout(resolve, 100));
  t.equal(on.stdout.length, 3, 'ACCESS_LOG=on: three lines');
  t.same(off.stdout, [], 'ACCESS_LOG=off: no line');
  t.same(off.stderr, [], 'ACCESS_LOG=off: nothing on stderr either');
});
