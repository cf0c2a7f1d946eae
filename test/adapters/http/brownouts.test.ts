import type { Registry } from 'prom-client';
import t from 'tap';
import { BROWNOUTS, LIFECYCLE_TODAY, lifecycleModel, withLifecycles } from '../../fixtures/lifecycle-history.js';
import { startWithModel } from '../../fixtures/lifecycle-service.js';
import { bearer, keyedClient, withClients } from '../../fixtures/clients.js';
import { parseMetrics, scrape, serveMetrics, total } from '../../fixtures/metrics.js';
import { acceptVersion } from '../../fixtures/service.js';
import { TestClock } from '../../fixtures/test-clock.js';
import { listFrom, NEWEST_VERSION } from '../../fixtures/versions.js';
import { call, checkJsonHeaders } from './fixtures/http-client.js';

const model = (defaultVersion = 'latest') => lifecycleModel(defaultVersion, withLifecycles(BROWNOUTS));
/** 2.1.0 in its brownout on LIFECYCLE_TODAY, 14:00 to 15:00 UTC: every other version served that day. */
const IN_BROWNOUT = `${LIFECYCLE_TODAY}T14:00:00.000Z`;
const REHEARSAL = 'is in a brownout until 2026-11-22T15:00:00Z, a rehearsal of its sunset on 2026-12-01, and is not served until then.';
const SERVED_BESIDE = `Supported versions: ${listFrom('3.0.0')}.`;

t.test('in a brownout, every request selecting the version gets 410 naming its end and the sunset, with Retry-After', async (t) => {
  const service = await startWithModel(t, model(), new TestClock(IN_BROWNOUT));
  for (const path of ['/doggies/', '/doggies/1/', '/version/', '/version/my_version/', '/openapi.json', '/nope/']) {
    const reply = await call(service.url, path, { headers: acceptVersion('2.1.0') });
    if (path === '/nope/') {
      t.equal(reply.status, 404, `${path}: an unknown path is 404 first`);
      continue;
    }
    t.equal(reply.status, 410, `${path} at 2.1.0: 410 Gone`);
    t.same(reply.json, { detail: `Version 2.1.0 ${REHEARSAL} ${SERVED_BESIDE}` }, `${path}: the detail`);
    t.equal(reply.headers.get('retry-after'), '3600', `${path}: Retry-After, the seconds to 15:00`);
    t.equal(reply.headers.get('cache-control'), 'no-store', `${path}: never stored`);
    checkJsonHeaders(t, reply, undefined, path);
    t.same(
      ['deprecation', 'sunset', 'link'].map((name) => reply.headers.get(name)),
      [null, null, null],
      `${path}: no version served, no lifecycle headers, as after a sunset`,
    );
  }
  for (const version of ['3.0.0', NEWEST_VERSION]) {
    t.equal((await call(service.url, '/doggies/1/', { headers: acceptVersion(version) })).status, 200, `${version}: served meanwhile`);
  }
  const retired = await call(service.url, '/doggies/1/', { headers: acceptVersion('1.0.0') });
  t.same([retired.status, retired.headers.get('retry-after')], [410, null], "a version past its sunset: the sunset's 410, nothing to wait for");
  t.same(service.errors, [], 'nothing logged');
});

t.test('from the first second of a window up to its end, in a running process, though the Accept header is cached', async (t) => {
  const clock = new TestClock(`${LIFECYCLE_TODAY}T13:59:59.000Z`);
  const service = await startWithModel(t, model(), clock);
  const cases: [string, number, string | null][] = [
    [`${LIFECYCLE_TODAY}T13:59:59.000Z`, 200, null],
    [`${LIFECYCLE_TODAY}T14:00:00.000Z`, 410, '3600'],
    [`${LIFECYCLE_TODAY}T14:30:00.250Z`, 410, '1800'],
    [`${LIFECYCLE_TODAY}T14:59:59.500Z`, 410, '1'],
    [`${LIFECYCLE_TODAY}T15:00:00.000Z`, 200, null],
    ['2026-11-25T23:30:00.000Z', 410, '5400'],
    ['2026-11-26T00:30:00.000Z', 410, '1800'],
    ['2026-11-26T01:00:00.000Z', 200, null],
  ];
  for (const [instant, status, retryAfter] of cases) {
    clock.set(instant);
    for (const round of [1, 2]) {
      const reply = await call(service.url, '/doggies/1/', { headers: acceptVersion('2.1.0') });
      t.same([reply.status, reply.headers.get('retry-after')], [status, retryAfter], `${instant}, request ${round}: ${status}`);
    }
  }
  const midnight = await call(service.url, '/doggies/1/', { headers: acceptVersion('2.1.0') });
  t.equal(midnight.headers.get('content-type'), 'application/json; version=2.1.0', 'served again after the window across midnight');
});

t.test('by the default version, by a pin, or at a version with no sunset yet: the detail says which', async (t) => {
  const legacy = keyedClient('legacy-shop', '2.1.0');
  const clock = new TestClock(`${LIFECYCLE_TODAY}T14:30:00.000Z`);
  const service = await startWithModel(t, model('2.1.0'), clock, {}, withClients([legacy]));
  const byDefault = await call(service.url, '/doggies/1/', { headers: { accept: 'application/json' } });
  t.same(
    [byDefault.status, byDefault.headers.get('retry-after'), byDefault.json],
    [410, '1800', { detail: `The default version 2.1.0 ${REHEARSAL} Name a supported version in the Accept header. ${SERVED_BESIDE}` }],
    'DEFAULT_VERSION in its brownout',
  );
  const pinned = await call(service.url, '/doggies/1/', { headers: bearer(legacy.key) });
  t.same(
    [pinned.status, pinned.json],
    [
      410,
      {
        detail: `Your pinned version 2.1.0 ${REHEARSAL} Upgrade the pin (PUT /client/version) or name a supported version in the Accept header. ${SERVED_BESIDE}`,
      },
    ],
    'a pin in its brownout',
  );
  const named = await call(service.url, '/doggies/1/', { headers: { ...bearer(legacy.key), ...acceptVersion('2.1.0') } });
  t.same([named.status, named.json], [410, { detail: `Version 2.1.0 ${REHEARSAL} ${SERVED_BESIDE}` }], 'a client naming it');
  const elsewhere = await call(service.url, '/doggies/1/', { headers: { ...bearer(legacy.key), ...acceptVersion(NEWEST_VERSION) } });
  t.equal(elsewhere.status, 200, 'a client naming another version: served');
  t.same(service.errors, [], 'a default in a brownout is no fault to log: it passes');

  clock.set('2027-03-01T14:00:00.000Z');
  const noSunset = await call(service.url, '/doggies/1/', { headers: acceptVersion('3.0.0') });
  t.same(
    [noSunset.status, noSunset.headers.get('retry-after'), noSunset.json],
    [
      410,
      '3600',
      {
        detail: `Version 3.0.0 is in a brownout until 2027-03-01T15:00:00Z, a rehearsal of its removal (no sunset date is set yet), and is not served until then. Supported versions: ${listFrom('4.0.0')}.`,
      },
    ],
    '3.0.0, deprecated with no sunset',
  );
});

t.test('no max-age reaches past the start of the next brownout', async (t) => {
  const clock = new TestClock(`${LIFECYCLE_TODAY}T13:00:00.000Z`);
  const service = await startWithModel(t, model(), clock, { CACHE_MAX_AGE: '31536000' });
  const cacheControl = async (path: string, version: string) =>
    (await call(service.url, path, { headers: acceptVersion(version) })).headers.get('cache-control');
  t.equal(await cacheControl('/version/my_version/', '2.1.0'), 'public, max-age=3600', 'an hour before the window: an hour');
  t.equal(await cacheControl('/doggies/1/', '2.1.0'), 'public, max-age=3600', 'daily content too: the window comes before midnight');
  t.equal(await cacheControl('/version/my_version/', NEWEST_VERSION), 'public, max-age=31536000', 'a version without brownouts: the setting');
  clock.set(`${LIFECYCLE_TODAY}T15:00:00.000Z`);
  t.equal(
    await cacheControl('/version/my_version/', '2.1.0'),
    `public, max-age=${(Date.parse('2026-11-25T23:00:00Z') - Date.parse('2026-11-22T15:00:00Z')) / 1000}`,
    'after it: up to the next',
  );
  clock.set('2026-11-26T01:00:00.000Z');
  t.equal(
    await cacheControl('/version/my_version/', '2.1.0'),
    `public, max-age=${(Date.parse('2026-12-01T00:00:00Z') - Date.parse('2026-11-26T01:00:00Z')) / 1000}`,
    'after the last: up to the sunset',
  );
});

t.test("the metrics tell a brownout's 410 (at its version) from a sunset's (at none)", async (t) => {
  const service = await startWithModel(t, model(), new TestClock(IN_BROWNOUT), { METRICS_PORT: '0' });
  const metricsUrl = await serveMetrics(t, service.metrics as Registry);
  for (let request = 0; request < 2; request += 1) await call(service.url, '/doggies/1/', { headers: acceptVersion('2.1.0') });
  await call(service.url, '/doggies/1/', { headers: acceptVersion('1.0.0') });
  const samples = parseMetrics(await scrape(metricsUrl));
  const count = (labels: Record<string, string>) => total(samples, 'http_server_requests_total', labels);
  t.equal(count({ route: '/doggies/{id}/', status: '410', api_version: '2.1.0' }), 2, 'the brownout, at 2.1.0');
  t.equal(count({ route: '/doggies/{id}/', status: '410', api_version: 'none' }), 1, "the sunset's, at none");
});

t.test("the clock's instant is read once a request when a version declares brownouts, and never otherwise", async (t) => {
  const withBrownouts = new TestClock(LIFECYCLE_TODAY);
  const browning = await startWithModel(t, model(), withBrownouts);
  const without = new TestClock(LIFECYCLE_TODAY);
  const plain = await startWithModel(t, lifecycleModel(), without);
  for (const url of [browning.url, plain.url]) {
    await call(url, '/doggies/1/', { headers: acceptVersion('2.1.0') });
    await call(url, '/doggies/', { headers: acceptVersion(NEWEST_VERSION) });
    await call(url, '/health/');
  }
  t.equal(withBrownouts.instantReads, 3, 'three requests, three reads');
  t.equal(without.instantReads, 0, 'no brownout declared: none');
});

t.test('/version/ lists every version with its brownouts', async (t) => {
  const service = await startWithModel(t, model(), new TestClock(LIFECYCLE_TODAY));
  const changelog = (await call(service.url, '/version/', { headers: acceptVersion('3.0.0') })).json as { version: string; brownouts: unknown }[];
  t.same(
    changelog.filter(({ brownouts }) => (brownouts as unknown[]).length > 0).map(({ version, brownouts }) => [version, brownouts]),
    [
      ['3.0.0', [{ start: '2027-03-01T14:00:00Z', end: '2027-03-01T15:00:00Z' }]],
      [
        '2.1.0',
        [
          { start: '2026-11-22T14:00:00Z', end: '2026-11-22T15:00:00Z' },
          { start: '2026-11-25T23:00:00Z', end: '2026-11-26T01:00:00Z' },
        ],
      ],
    ],
  );
  t.ok(
    changelog.every(({ brownouts }) => Array.isArray(brownouts)),
    'every entry has the list, empty when none',
  );
});
