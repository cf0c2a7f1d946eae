import { createServer } from 'node:net';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import t from 'tap';
import { composeService } from '../../../src/reference-api.js';
import { acceptVersion, startService } from '../../fixtures/service.js';
import { ALL_VERSIONS, NEWEST_VERSION, newestDog } from '../../fixtures/versions.js';
import { StartupError } from '../../../src/domain/errors/startup-error.js';

/** How many TCP servers this process has open. */
function listeningServers(): number {
  return process.getActiveResourcesInfo().filter((resource) => resource === 'TCPServerWrap').length;
}

t.test('the probe sees a listening server', async (t) => {
  const before = listeningServers();
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.equal(listeningServers(), before + 1, 'one more while it listens');
  await new Promise((resolve) => server.close(resolve));
  // The handle leaves the list a moment after the close callback.
  for (let tries = 0; tries < 100 && listeningServers() > before; tries++) await delay(10);
  t.equal(listeningServers(), before, 'back once it is closed');
});

t.test('a bad setting or a bad DATA_FILE rejects with a StartupError naming it, and nothing listens', async (t) => {
  const dir = t.testdir({
    'bad.json': '{"dogs":[{"id":1,"name":""}]}',
    'not-json.json': 'dogs',
    'proto.json': '{"dogs":[{"id":1,"name":"Biko"},{"id":2,"name":"Rex","__proto__":{"isAdmin":true}}]}',
    'long-name.json': JSON.stringify({
      cats: [
        { id: 1, name: 'Tom' },
        { id: 7, name: '🐈'.repeat(51) },
      ],
    }),
    'truncated.json': '{"dogs":[{"id":1,"name":"Bi',
  });
  const cases: [Record<string, string>, RegExp, string][] = [
    [{ PORT: '65536' }, /PORT="65536"/, 'a bad PORT'],
    [
      { AGE_REMOVAL: 'nope' },
      /^bad setting: AGE_REMOVAL="nope" is not valid: expected computed or placeholder$/,
      "a bad AGE_REMOVAL, the reference's own",
    ],
    [{ DEFAULT_VERSION: '9.9.9' }, /DEFAULT_VERSION="9\.9\.9"/, 'an unsupported DEFAULT_VERSION'],
    [{ TODAY: '2021-02-29' }, /TODAY="2021-02-29"/, 'a bad TODAY'],
    [{ DATA_FILE: '' }, /DATA_FILE=""/, 'an empty DATA_FILE'],
    [{ DATA_FILE: join(dir, 'missing.json') }, /^DATA_FILE ".*missing\.json": cannot be read/, 'a missing DATA_FILE'],
    [{ DATA_FILE: join(dir, 'not-json.json') }, /^DATA_FILE ".*not-json\.json": is not valid JSON/, 'a DATA_FILE that is not JSON'],
    [{ DATA_FILE: join(dir, 'bad.json') }, /^DATA_FILE ".*bad\.json": dogs\[0\] \(id 1\): name: /, 'a bad record in DATA_FILE'],
    [
      { DATA_FILE: join(dir, 'proto.json') },
      /^DATA_FILE ".*proto\.json": dogs\[1\] \(id 2\): __proto__: unknown field/,
      'a __proto__ field in a record',
    ],
    [
      { DATA_FILE: join(dir, 'long-name.json') },
      /^DATA_FILE ".*long-name\.json": cats\[1\] \(id 7\): name: must be 1 to 50 characters, got 51/,
      'a name of 51 emoji',
    ],
    [{ DATA_FILE: join(dir, 'truncated.json') }, /^DATA_FILE ".*truncated\.json": is not valid JSON/, 'a truncated DATA_FILE'],
    [{ TODAY: '2026-13-01', DATA_FILE: join(dir, 'bad.json') }, /^bad setting: TODAY="2026-13-01"/, 'a bad setting before a bad DATA_FILE'],
    [
      { HEADERS_TIMEOUT_MS: '0', DRAIN_TIMEOUT_MS: '5s', REQUEST_TIMEOUT_MS: '100' },
      /^bad settings: HEADERS_TIMEOUT_MS="0" is not valid.*; DRAIN_TIMEOUT_MS="5s" is not valid/,
      'bad server limits, all named',
    ],
  ];
  for (const [env, expected, what] of cases) {
    const before = listeningServers();
    const lines: string[] = [];
    const error = await t.rejects(
      composeService(env, { stdout: (line) => lines.push(line), stderr: (line) => lines.push(line) }),
      StartupError,
      `${what} is refused`,
    );
    t.match(error instanceof Error ? error.message : '', expected, `${what}: the message names it`);
    t.equal(listeningServers(), before, `${what}: no server listens`);
    t.strictSame(lines, [], `${what}: nothing is logged`);
  }
});

t.test('every valid choice composes, and the settings come back', async (t) => {
  const dir = t.testdir({ 'data.json': '{"dogs":[{"id":9,"name":"Solo"}]}' });
  const cases: [Record<string, string>, Record<string, unknown>, string][] = [
    [
      {},
      {
        port: 8000,
        host: '127.0.0.1',
        defaultVersion: 'latest',
        removedIn: 'inclusive',
        accessLog: true,
        apiSettings: { AGE_REMOVAL: 'computed' },
      },
      'the defaults',
    ],
    [{ DEFAULT_VERSION: 'earliest' }, { defaultVersion: 'earliest' }, 'DEFAULT_VERSION=earliest'],
    [{ DEFAULT_VERSION: 'latest' }, { defaultVersion: 'latest' }, 'DEFAULT_VERSION=latest'],
    ...ALL_VERSIONS.map((version): [Record<string, string>, Record<string, unknown>, string] => [
      { DEFAULT_VERSION: version },
      { defaultVersion: version },
      `DEFAULT_VERSION=${version}`,
    ]),
    [{ AGE_REMOVAL: 'placeholder' }, { apiSettings: { AGE_REMOVAL: 'placeholder' } }, "AGE_REMOVAL=placeholder, the reference's own"],
    [{ REMOVED_IN: 'exclusive' }, { removedIn: 'exclusive' }, 'REMOVED_IN=exclusive'],
    [{ ACCESS_LOG: 'off' }, { accessLog: false }, 'ACCESS_LOG=off'],
    [{ PORT: '0', HOST: 'localhost' }, { port: 0, host: 'localhost' }, 'PORT=0 and HOST=localhost'],
    [{ DATA_FILE: join(dir, 'data.json') }, { dataFile: join(dir, 'data.json') }, 'a good DATA_FILE'],
  ];
  for (const [env, expected, what] of cases) {
    const { settings, server } = await composeService(env, { stdout: () => undefined, stderr: () => undefined });
    t.match(settings, expected, `${what}: composes with the settings read`);
    t.ok(server, `${what}: a server is built`);
  }
});

t.test('DEFAULT_VERSION decides the version of a request that names none', async (t) => {
  const cases: [Record<string, string>, string][] = [
    [{}, NEWEST_VERSION],
    [{ DEFAULT_VERSION: 'earliest' }, '1.0.0'],
    [{ DEFAULT_VERSION: '2.1.0' }, '2.1.0'],
  ];
  for (const [env, version] of cases) {
    const service = await startService(t, env);
    const response = await fetch(`${service.url}/version/my_version/`);
    t.equal(response.headers.get('content-type'), `application/json; version=${version}`, `${JSON.stringify(env)}: version ${version}`);
    await response.arrayBuffer();
  }
});

t.test('AGE_REMOVAL, TODAY and DATA_FILE reach the records served', async (t) => {
  const dir = t.testdir({ 'data.json': '{"dogs":[{"id":1,"name":"Biko","birthday":"2014-05-06"},{"id":2,"name":"Pup"}]}' });
  const cases: [Record<string, string>, number, number, string][] = [
    [{ TODAY: '2026-11-22' }, 1, 12, 'computed age on the fixed date'],
    [{ TODAY: '2015-05-06' }, 1, 1, 'computed age on another fixed date'],
    [{ TODAY: '2026-11-22', AGE_REMOVAL: 'placeholder' }, 1, -1, 'placeholder age'],
    [{ TODAY: '2026-11-22', DATA_FILE: join(dir, 'data.json') }, 2, 0, 'a dog of DATA_FILE born today'],
  ];
  for (const [env, id, age, what] of cases) {
    const service = await startService(t, env);
    const response = await fetch(`${service.url}/doggies/${id}/`, { headers: acceptVersion('2.1.0') });
    t.match(await response.json(), { id, age }, `${what}: age ${age}`);
  }
  const service = await startService(t, { DATA_FILE: join(dir, 'data.json') });
  const response = await fetch(`${service.url}/doggies/`);
  t.strictSame(
    await response.json(),
    [newestDog({ id: 1, name: 'Biko', birthday: '2014-05-06' }), newestDog({ id: 2, name: 'Pup', birthday: '2026-11-22' })],
    'the list is the records of DATA_FILE',
  );
});

t.test('ACCESS_LOG decides whether requests are logged to stdout', async (t) => {
  const cases: [Record<string, string>, number, string][] = [
    [{}, 1, 'on by default'],
    [{ ACCESS_LOG: 'on' }, 1, 'on'],
    [{ ACCESS_LOG: 'off' }, 0, 'off'],
  ];
  for (const [env, lines, what] of cases) {
    const service = await startService(t, env);
    await (await fetch(`${service.url}/version/`)).arrayBuffer();
    await service.stop();
    t.equal(service.stdout.length, lines, `${what}: ${lines} access line(s)`);
    t.strictSame(service.stderr, [], `${what}: no error logged`);
  }
});
