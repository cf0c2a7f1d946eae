import { readFile } from 'node:fs/promises';
import t from 'tap';
import { request as httpRequest } from 'node:http';
import { acceptVersion, startService } from '../../fixtures/service.js';
import { bearer, keyedClient, withClients } from '../../fixtures/clients.js';
import { ALL_VERSIONS, NEWEST_VERSION } from '../../fixtures/versions.js';
import { lifecycleModel } from '../../fixtures/lifecycle-history.js';
import { TestClock } from '../../fixtures/test-clock.js';
import { StartupError } from '../../../src/domain/errors/startup-error.js';

const legacy = keyedClient('legacy-shop', '3.0.0');
const recent = keyedClient('recent-app', '4.0.0');
const versionOf = (response: Response): string | undefined => /version=([^;]+)/.exec(response.headers.get('content-type') ?? '')?.[1];

t.test('a request names its version in Accept; else a client gets its pin; else DEFAULT_VERSION', async (t) => {
  const service = await startService(t, { CACHE_MAX_AGE: '60' }, withClients([legacy, recent]));
  const anonymous = await fetch(`${service.url}/doggies/1/`);
  t.equal(versionOf(anonymous), NEWEST_VERSION, 'anonymous: the default (the newest)');
  t.match(anonymous.headers.get('cache-control'), /^public, max-age=\d+$/, 'anonymous: shared caches may store it');
  t.equal(anonymous.headers.get('vary'), 'Accept, Api-Version, Authorization', 'every answer varies with Authorization');
  const pinned = await fetch(`${service.url}/doggies/1/`, { headers: bearer(legacy.key) });
  t.equal(pinned.status, 200);
  t.equal(versionOf(pinned), '3.0.0', 'a client naming no version: its pin');
  t.match(pinned.headers.get('cache-control'), /^private, max-age=\d+$/, "a client's answer: for its own cache only");
  t.equal(versionOf(await fetch(`${service.url}/doggies/1/`, { headers: bearer(recent.key) })), '4.0.0', 'another client: its own pin');
  const named = await fetch(`${service.url}/doggies/1/`, { headers: { ...bearer(legacy.key), ...acceptVersion('2.1.0') } });
  t.equal(versionOf(named), '2.1.0', 'a client naming a version: that one, pin or not');
  const page = await fetch(`${service.url}/cats/`, { headers: bearer(legacy.key) });
  t.equal(versionOf(page), '3.0.0', 'pages too');
  const mine = await (await fetch(`${service.url}/version/my_version/`, { headers: bearer(legacy.key) })).json();
  t.match(mine, { version: '3.0.0' }, '/version/my_version/ says the pin');
  const log = service.stdout.map((line) => JSON.parse(line) as { client: string | null; version: string | null });
  t.same(
    log.map(({ client, version }) => [client, version]),
    [
      [null, NEWEST_VERSION],
      ['legacy-shop', '3.0.0'],
      ['recent-app', '4.0.0'],
      ['legacy-shop', '2.1.0'],
      ['legacy-shop', '3.0.0'],
      ['legacy-shop', '3.0.0'],
    ],
    'the access log names the client',
  );
});

t.test('GET /client/: the caller and its pin; 401 without a key', async (t) => {
  const service = await startService(t, {}, withClients([legacy]));
  const response = await fetch(`${service.url}/client/`, { headers: bearer(legacy.key) });
  t.equal(response.status, 200);
  t.equal(response.headers.get('cache-control'), 'no-store');
  t.equal(response.headers.get('content-type'), 'application/json', 'unversioned');
  t.same(await response.json(), { name: 'legacy-shop', pinned_version: '3.0.0', previous_version: null, rollback_until: null });
  const anonymous = await fetch(`${service.url}/client/`);
  t.equal(anonymous.status, 401);
  t.equal(anonymous.headers.get('www-authenticate'), 'Bearer realm="version-aware-api"', 'a challenge, no error code: no key was sent');
  t.match(await anonymous.json(), { detail: /needs an API key/ });
  const head = await fetch(`${service.url}/client/`, { method: 'HEAD', headers: bearer(legacy.key) });
  t.equal(head.status, 200, 'HEAD too');
});

/** PUT /client/version with `body` as the client of `key`. */
function putVersion(
  url: string,
  key: string | undefined,
  body: string | Uint8Array,
  headers: Record<string, string> = { 'content-type': 'application/json' },
): Promise<Response> {
  return fetch(`${url}/client/version`, { method: 'PUT', body, headers: { ...headers, ...(key === undefined ? {} : bearer(key)) } });
}

t.test('PUT /client/version: an upgrade, the rollback within 72 hours, and no other way back', async (t) => {
  const clock = new TestClock('2026-11-22');
  clock.set('2026-11-22T10:00:00.000Z');
  const clients = withClients([legacy]);
  const service = await startService(t, {}, { ...clients, clock });
  const upgraded = await putVersion(service.url, legacy.key, JSON.stringify({ version: NEWEST_VERSION }));
  t.equal(upgraded.status, 200);
  t.equal(upgraded.headers.get('cache-control'), 'no-store');
  t.same(await upgraded.json(), {
    name: 'legacy-shop',
    pinned_version: NEWEST_VERSION,
    previous_version: '3.0.0',
    rollback_until: '2026-11-25T10:00:00.000Z',
  });
  t.equal(versionOf(await fetch(`${service.url}/doggies/1/`, { headers: bearer(legacy.key) })), NEWEST_VERSION, 'served at the new pin at once');
  const same = await putVersion(service.url, legacy.key, JSON.stringify({ version: NEWEST_VERSION }));
  t.equal(same.status, 200, 'the pin itself: no change');
  t.match(await same.json(), { pinned_version: NEWEST_VERSION, previous_version: '3.0.0' });
  const older = await putVersion(service.url, legacy.key, JSON.stringify({ version: '2.1.0' }));
  t.equal(older.status, 409, 'older, and not the rollback: refused');
  t.match(await older.json(), {
    detail:
      /older than the pinned version .*back only to the version its last upgrade left, within 72 hours of that upgrade\. Only 3\.0\.0 is open, until 2026-11-25T10:00:00\.000Z\.$/,
  });
  const back = await putVersion(service.url, legacy.key, JSON.stringify({ version: '3.0.0' }));
  t.equal(back.status, 200, 'the rollback, within 72 hours');
  t.same(await back.json(), { name: 'legacy-shop', pinned_version: '3.0.0', previous_version: null, rollback_until: null });
  t.equal(versionOf(await fetch(`${service.url}/doggies/1/`, { headers: bearer(legacy.key) })), '3.0.0', 'served at the old pin again');
  t.equal((await putVersion(service.url, legacy.key, JSON.stringify({ version: NEWEST_VERSION }))).status, 200, 'upgraded again');
  clock.set('2026-11-25T10:00:00.000Z');
  const late = await putVersion(service.url, legacy.key, JSON.stringify({ version: '3.0.0' }));
  t.equal(late.status, 409, 'the rollback after 72 hours: refused');
  t.same((await clients.repository.named('legacy-shop'))?.pinnedVersion, NEWEST_VERSION, 'the pin stays');
});

t.test('PUT /client/version refuses what is not a served version, and every malformed body', async (t) => {
  const service = await startService(t, {}, withClients([legacy]));
  const cases: [string, string | Uint8Array, Record<string, string> | undefined, number, RegExp][] = [
    ['an unknown version', '{"version": "9.9.9"}', undefined, 422, /"9\.9\.9" is not a served version\. Supported versions: /],
    ['not a version', '{"version": "latest"}', undefined, 422, /"latest" is not a version X\.Y\.Z/],
    ['not JSON', '{"version": ', undefined, 400, /not JSON/],
    ['invalid UTF-8', Buffer.from('7b2276657273696f6e223a2022ff227d', 'hex'), undefined, 400, /not valid UTF-8/],
    ['an unknown field', '{"version": "5.0.0", "force": true}', undefined, 400, /Unknown field "force"/],
    ['no version', '{}', undefined, 400, /"version" must be a string/],
    ['a number', '{"version": 5}', undefined, 400, /"version" must be a string/],
    ['an array', '["5.0.0"]', undefined, 400, /a JSON object/],
    ['null', 'null', undefined, 400, /a JSON object/],
    ['another media type', '{"version": "5.0.0"}', { 'content-type': 'text/plain' }, 415, /Content-Type: application\/json/],
    ['no media type', '{"version": "5.0.0"}', {}, 415, /Content-Type: application\/json/],
  ];
  for (const [what, body, headers, status, detail] of cases) {
    const response = await putVersion(service.url, legacy.key, body, headers);
    t.equal(response.status, status, `${what}: ${status}`);
    t.match(await response.json(), { detail }, `${what}: detail`);
  }
  t.equal(
    (await putVersion(service.url, legacy.key, '{"version": "2.1.0"}', { 'content-type': 'application/json; charset=utf-8' })).status,
    409,
    'a charset is fine (then an older version: 409)',
  );
  const anonymous = await putVersion(service.url, undefined, JSON.stringify({ version: NEWEST_VERSION }));
  t.equal(anonymous.status, 401, 'no key: 401');
  // [what, key, body, headers]: whatever the body, a caller without a good key is told of the key first.
  const keyFirst: [string, string | undefined, string, Record<string, string> | undefined][] = [
    ['no key, no media type', undefined, '{"version": "5.0.0"}', {}],
    ['no key, not JSON', undefined, '{"version": ', undefined],
    ['no key, an unknown field', undefined, '{"force": true}', undefined],
    ['a bad key, no media type', 'vaa_not-a-key', '{"version": "5.0.0"}', {}],
  ];
  for (const [what, key, body, headers] of keyFirst) {
    const response = await putVersion(service.url, key, body, headers);
    t.equal(response.status, 401, `${what}: 401, the key judged before the body`);
    t.match(await response.json(), { detail: /key/ }, `${what}: the detail is about the key`);
  }
  const get = await fetch(`${service.url}/client/version`, { headers: bearer(legacy.key) });
  t.equal(get.status, 405, 'GET: 405');
  t.equal(get.headers.get('allow'), 'PUT, OPTIONS');
  const options = await fetch(`${service.url}/client/version`, { method: 'OPTIONS' });
  t.equal(options.headers.get('allow'), 'PUT, OPTIONS');
  const elsewhere = await fetch(`${service.url}/doggies/`, { method: 'PUT', body: '{}', headers: { 'content-type': 'application/json' } });
  t.equal(elsewhere.status, 405, 'PUT elsewhere: 405');
});

/** A raw PUT whose declared or sent body is too big: the status, and whether the server closed the connection. */
function oversized(port: number, key: string, chunked: boolean): Promise<{ status: number; closed: boolean }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({
      port,
      method: 'PUT',
      path: '/client/version',
      headers: { ...bearer(key), 'content-type': 'application/json', ...(chunked ? {} : { 'content-length': '1000000' }) },
    });
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode as number, closed: response.headers.connection === 'close' }));
    });
    request.on('error', reject);
    // Chunked: more than the limit is sent, the rest held back; declared: nothing beyond the first kilobyte is ever sent.
    request.write(`{"version": "${'x'.repeat(2000)}`);
  });
}

t.test('a body over 1 KiB: 413 without reading the rest, and the connection closed', async (t) => {
  const service = await startService(t, {}, withClients([legacy]));
  t.same(await oversized(service.port, legacy.key, false), { status: 413, closed: true }, 'Content-Length over the limit');
  t.same(await oversized(service.port, legacy.key, true), { status: 413, closed: true }, 'a chunked body over the limit');
});

t.test('with the in-memory storage a pin change is refused: it would be lost at a restart and unseen by other workers', async (t) => {
  const service = await startService(t, {}, withClients([legacy], { pinChangesRefused: true }));
  const response = await putVersion(service.url, legacy.key, JSON.stringify({ version: NEWEST_VERSION }));
  t.equal(response.status, 409);
  t.match(await response.json(), { detail: /STORAGE=postgres.*npm run clients -- pin/ });
});

t.test("a pin past its sunset: that client's requests without a version get the 410, naming the pin", async (t) => {
  const stale = keyedClient('stale', '2.1.0');
  const service = await startService(t, { TODAY: '2026-12-01' }, { ...withClients([stale]), model: lifecycleModel() });
  const response = await fetch(`${service.url}/doggies/1/`, { headers: bearer(stale.key) });
  t.equal(response.status, 410);
  t.match(await response.json(), { detail: /^Your pinned version 2\.1\.0 was retired on 2026-12-01/ });
  t.equal(
    (await fetch(`${service.url}/doggies/1/`, { headers: { ...bearer(stale.key), ...acceptVersion('3.0.0') } })).status,
    200,
    'naming a served version: served',
  );
});

t.test('a preflight needs no key and allows Authorization, Content-Type and PUT', async (t) => {
  const service = await startService(t, {}, withClients([legacy]));
  const response = await fetch(`${service.url}/client/version`, {
    method: 'OPTIONS',
    headers: {
      origin: 'https://app.example',
      'access-control-request-method': 'PUT',
      'access-control-request-headers': 'authorization, content-type',
    },
  });
  t.equal(response.status, 204);
  t.match(response.headers.get('access-control-allow-headers'), /Authorization/);
  t.match(response.headers.get('access-control-allow-headers'), /Content-Type/);
  t.match(response.headers.get('access-control-allow-methods'), /PUT/);
});

t.test('the embedded default reads its clients from CLIENTS_FILE at start; a missing file refuses the start, naming it', async (t) => {
  const { writeClientsFile } = await import('../../../src/adapters/persistence/memory/clients-file.js');
  const { composeService } = await import('../../../src/reference-api.js');
  const dir = t.testdir();
  const file = `${dir}/clients.json`;
  await writeClientsFile(file, [legacy.client]);
  const service = await startService(t, { CLIENTS_FILE: file });
  const response = await fetch(`${service.url}/doggies/1/`, { headers: bearer(legacy.key) });
  t.equal(versionOf(response), '3.0.0', 'a client of the file: served at its pin');
  const upgrade = await putVersion(service.url, legacy.key, JSON.stringify({ version: NEWEST_VERSION }));
  t.equal(upgrade.status, 409, 'its own pin change: refused, as no other process would see it');
  await t.rejects(composeService({ CLIENTS_FILE: `${dir}/none.json` }, { stdout: () => {}, stderr: () => {} }), { message: /none\.json/ });
});

t.test('a CLIENTS_FILE client pinned, or able to roll back, to a version this API never declared refuses the start, named', async (t) => {
  const { writeClientsFile } = await import('../../../src/adapters/persistence/memory/clients-file.js');
  const { composeService } = await import('../../../src/reference-api.js');
  const file = `${t.testdir()}/clients.json`;
  const start = () => composeService({ CLIENTS_FILE: file }, { stdout: () => {}, stderr: () => {} });
  const versions = ALL_VERSIONS.slice().reverse().join(', ');
  await writeClientsFile(file, [legacy.client, { ...legacy.client, name: 'typo', keyHash: 'e'.repeat(64), pinnedVersion: '9.9.9' }]);
  await t.rejects(
    start(),
    new StartupError(
      `CLIENTS_FILE ${JSON.stringify(file)}: client "typo" is pinned to 9.9.9, which this API does not declare (it declares ${versions}); ` +
        'pin it to one of them: npm run clients -- pin typo V',
    ),
  );
  const rollback = { ...legacy.client, previousVersion: '0.9.0', rollbackUntil: Date.parse('2026-11-23T00:00:00Z') };
  await writeClientsFile(file, [rollback]);
  await t.rejects(
    start(),
    new StartupError(
      `CLIENTS_FILE ${JSON.stringify(file)}: client "legacy-shop" may roll back to 0.9.0, which this API does not declare (it declares ${versions}); ` +
        'pin it to one of them: npm run clients -- pin legacy-shop V',
    ),
  );
});

t.test("GET /client/usage/: the client's own calls of the last 30 days, per version, with each version's end", async (t) => {
  const clock = new TestClock('2026-11-22');
  const service = await startService(t, {}, { ...withClients([legacy, recent]), clock, model: lifecycleModel() });
  const call = (path: string, key: string, accept?: string) =>
    fetch(`${service.url}${path}`, { headers: { ...bearer(key), ...(accept === undefined ? {} : acceptVersion(accept)) } }).then((r) =>
      r.arrayBuffer(),
    );
  await call('/doggies/1/', legacy.key);
  await call('/doggies/2/', legacy.key);
  await call('/doggies/', legacy.key);
  await call('/doggies/1/', legacy.key, '2.1.0');
  await call('/doggies/1/', legacy.key, '9.9.9');
  await call('/nowhere/', legacy.key);
  await call('/doggies/1/', recent.key);
  await fetch(`${service.url}/doggies/1/`);
  clock.set('2026-11-23');
  await call('/doggies/1/', legacy.key);
  const response = await fetch(`${service.url}/client/usage/`, { headers: bearer(legacy.key) });
  t.equal(response.status, 200);
  t.equal(response.headers.get('cache-control'), 'no-store');
  t.same(
    await response.json(),
    {
      from: '2026-10-25',
      to: '2026-11-23',
      versions: [
        {
          version: '2.1.0',
          requests: 1,
          last_request_on: '2026-11-22',
          deprecated_on: '2026-06-01',
          sunset_on: '2026-12-01',
          link: 'https://example.com/moving-off-2.1.0',
          routes: { '/doggies/:id/': 1 },
        },
        {
          version: '3.0.0',
          requests: 4,
          last_request_on: '2026-11-23',
          deprecated_on: '2027-01-01',
          sunset_on: null,
          link: null,
          routes: { '/doggies/:id/': 3, '/doggies/': 1 },
        },
        {
          version: 'none',
          requests: 1,
          last_request_on: '2026-11-22',
          deprecated_on: null,
          sunset_on: null,
          link: null,
          routes: { '/doggies/:id/': 1 },
        },
      ],
    },
    "deprecated versions first; a refused version counts as none; a junk path not at all; another client's calls not",
  );
  t.equal((await fetch(`${service.url}/client/usage/`)).status, 401, 'a key is required');
});

t.test('a usage store that fails: each flush says so and keeps the counts, the stop spools them; requests never wait on it', async (t) => {
  const { ContainerModule } = await import('inversify');
  const { USAGE_STORE } = await import('../../../src/application/ports/usage-store.js');
  let adds = 0;
  const failing = {
    add: () => {
      adds += 1;
      return Promise.reject(new Error('the store is down'));
    },
    read: () => Promise.resolve([]),
  };
  const spool = t.testdir();
  const service = await startService(
    t,
    { USAGE_SPOOL_DIR: spool },
    {
      usageFlushMs: 20,
      modules: [
        new ContainerModule(({ rebind }) => {
          rebind(USAGE_STORE).toConstantValue(failing);
        }),
      ],
    },
  );
  t.equal((await fetch(`${service.url}/doggies/1/`)).status, 200, 'served');
  while (service.stderr.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
  t.match(
    JSON.parse(service.stderr[0] as string),
    { level: 'error', message: 'usage counts not stored; kept for the next try', requests: 1, error: 'Error: the store is down' },
    'a flush that fails says so, with the number of requests kept',
  );
  t.equal((await fetch(`${service.url}/doggies/1/`)).status, 200, 'served while the store is down');
  await service.stop();
  const last = JSON.parse(service.stderr.at(-1) as string) as Record<string, unknown>;
  t.match(
    last,
    { level: 'error', message: 'usage counts not stored; spooled, to be stored at the next start', requests: 2, error: 'Error: the store is down' },
    'the stop spools every count kept, and says how many',
  );
  t.ok(adds >= 2, 'every flush tried the store');
  t.match(
    JSON.parse(await readFile(String(last['file']), 'utf8')),
    { usage: [{ route: '/doggies/:id/', requests: 2 }] },
    'the spooled file holds them',
  );
});
