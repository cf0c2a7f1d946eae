import t, { type Test } from 'tap';
import { createClient, VersionRetiredError, type LifecycleNotice } from '../../client/src/index.js';
import { keyedClient, withClients } from '../fixtures/clients.js';
import { BROWNOUTS, LIFECYCLE_TODAY, lifecycleModel, withLifecycles } from '../fixtures/lifecycle-history.js';
import { startWithModel } from '../fixtures/lifecycle-service.js';
import { startService } from '../fixtures/service.js';
import { TestClock } from '../fixtures/test-clock.js';
import { listFrom } from '../fixtures/versions.js';

/** The global fetch, recording each request the client sends: what reached the wire. */
function recordingFetch(): { fetch: (request: Request) => Promise<Response>; sent: Request[] } {
  const sent: Request[] = [];
  return { sent, fetch: (request) => (sent.push(request), fetch(request)) };
}

/** What the console is told while the test runs: the client's warnings, when no hook is given. */
function consoleWarnings(t: Test): string[] {
  const warnings: string[] = [];
  const original = console.warn;
  console.warn = (...args: unknown[]) => warnings.push(args.join(' '));
  t.teardown(() => {
    console.warn = original;
  });
  return warnings;
}

/** Hooks that keep each notice they are given. */
function recordingHooks(): {
  deprecations: LifecycleNotice[];
  sunsets: LifecycleNotice[];
  hooks: Pick<Parameters<typeof createClient>[0], 'onDeprecation' | 'onSunset'>;
} {
  const deprecations: LifecycleNotice[] = [];
  const sunsets: LifecycleNotice[] = [];
  return { deprecations, sunsets, hooks: { onDeprecation: (notice) => deprecations.push(notice), onSunset: (notice) => sunsets.push(notice) } };
}

t.test('at a current version: each call is served at it, shaped by it, and no hook fires', async (t) => {
  const service = await startWithModel(t, lifecycleModel(), new TestClock(LIFECYCLE_TODAY));
  const warnings = consoleWarnings(t);
  const { deprecations, sunsets, hooks } = recordingHooks();
  const { fetch, sent } = recordingFetch();
  const v4 = createClient({ baseUrl: service.url, version: '4.0.0', fetch, ...hooks });
  const dog = await v4.GET('/doggies/{id}/', { params: { path: { id: 1 } } });
  t.same(dog.data, { id: 1, name: 'Biko', birthday: '2014-05-06' }, '4.0.0: no age');
  t.equal(dog.response.headers.get('content-type'), 'application/json; version=4.0.0', 'served at 4.0.0, not the default');
  const page = await v4.GET('/doggies/', { params: { query: { limit: 2 } } });
  t.same(
    page.data?.map(({ id }) => id),
    [1, 2],
    'a page, its query typed',
  );
  const missing = await v4.GET('/doggies/{id}/', { params: { path: { id: 99 } } });
  t.same([missing.response.status, missing.error], [404, { detail: 'Not found.' }], 'a 404 is an openapi-fetch error, not thrown');
  t.same(
    sent.map((request) => request.headers.get('api-version')),
    ['4.0.0', '4.0.0', '4.0.0'],
    'Api-Version on every call',
  );
  t.same(
    sent.map((request) => request.headers.get('authorization')),
    [null, null, null],
    'no key, no Authorization',
  );
  t.same([deprecations, sunsets, warnings], [[], [], []], 'a current version: no hook, no warning');
});

t.test("each version's shape: 2.1.0's age an integer, 3.0.0's an object, from one service", async (t) => {
  const service = await startService(t);
  const warnings = consoleWarnings(t);
  const v21 = createClient({ baseUrl: service.url, version: '2.1.0' });
  const v3 = createClient({ baseUrl: service.url, version: '3.0.0' });
  const [older, newer] = await Promise.all([
    v21.GET('/doggies/{id}/', { params: { path: { id: 1 } } }),
    v3.GET('/doggies/{id}/', { params: { path: { id: 1 } } }),
  ]);
  const years: number | undefined = older.data?.age;
  const object: { human_years: number; dog_years: number } | undefined = newer.data?.age;
  t.equal(years, 12, '2.1.0: an integer');
  t.same(object, { human_years: 12, dog_years: 84 }, '3.0.0: an object');
  t.same(warnings, [], 'the reference history deprecates neither');
});

t.test('with an API key: sent as a bearer token on every call; the version named wins over the pin', async (t) => {
  const shop = keyedClient('shop', '3.0.0');
  const service = await startService(t, {}, withClients([shop]));
  const { fetch, sent } = recordingFetch();
  const api = createClient({ baseUrl: service.url, version: '2.1.0', apiKey: shop.key, fetch });
  const me = await api.GET('/client/');
  t.match(me.data, { name: 'shop', pinned_version: '3.0.0' }, 'the key names its client');
  const dog = await api.GET('/doggies/{id}/', { params: { path: { id: 1 } } });
  t.equal(dog.data?.age, 12, 'served at 2.1.0, the version the client names, not its pin');
  t.same(
    sent.map((request) => request.headers.get('authorization')),
    [`Bearer ${shop.key}`, `Bearer ${shop.key}`],
    'Authorization on every call',
  );
  const stranger = createClient({ baseUrl: service.url, version: '2.1.0', apiKey: 'vaa_unknown' });
  const refused = await stranger.GET('/doggies/{id}/', { params: { path: { id: 1 } } });
  t.equal(refused.response.status, 401, 'an unknown key: the 401, as an openapi-fetch error');
});

t.test('at a deprecated version: each hook fires once, with the date and the link, however many calls', async (t) => {
  const service = await startWithModel(t, lifecycleModel(), new TestClock(LIFECYCLE_TODAY));
  const warnings = consoleWarnings(t);
  const { deprecations, sunsets, hooks } = recordingHooks();
  const api = createClient({ baseUrl: service.url, version: '2.1.0', ...hooks });
  for (let call = 1; call <= 3; call += 1) {
    const { data } = await api.GET('/doggies/', { params: { query: { limit: 1 } } });
    t.equal(data?.[0]?.age, 12, `call ${call}: served`);
  }
  const again = createClient({ baseUrl: service.url, version: '2.1.0', ...hooks });
  await again.GET('/doggies/{id}/', { params: { path: { id: 1 } } });
  t.same(
    deprecations,
    [{ version: '2.1.0', date: new Date('2026-06-01T00:00:00Z'), link: 'https://example.com/moving-off-2.1.0' }],
    'onDeprecation: once in the process, a second client included, with the date and the declared page',
  );
  t.same(
    sunsets,
    [{ version: '2.1.0', date: new Date('2026-12-01T00:00:00Z'), link: 'https://example.com/moving-off-2.1.0' }],
    'onSunset: once, with the date and the link',
  );
  const ahead = createClient({ baseUrl: service.url, version: '3.0.0', ...hooks });
  await ahead.GET('/doggies/{id}/', { params: { path: { id: 1 } } });
  t.same(
    deprecations[1],
    { version: '3.0.0', date: new Date('2027-01-01T00:00:00Z'), link: `${service.url}/version/my_version/` },
    'a deprecation announced ahead: its future date, and the changelog entry resolved against the API',
  );
  t.equal(sunsets.length, 1, '3.0.0 names no sunset: onSunset is not called');
  t.same(warnings, [], 'with hooks, nothing on the console');
});

t.test('without hooks: one console warning per version, naming the dates and the links', async (t) => {
  const service = await startWithModel(t, lifecycleModel(), new TestClock(LIFECYCLE_TODAY));
  const warnings = consoleWarnings(t);
  const api = createClient({ baseUrl: service.url, version: '2.1.0' });
  await api.GET('/doggies/{id}/', { params: { path: { id: 1 } } });
  await api.GET('/doggies/{id}/', { params: { path: { id: 2 } } });
  const onlySunset: LifecycleNotice[] = [];
  const ahead = createClient({ baseUrl: service.url, version: '3.0.0', onSunset: (notice) => onlySunset.push(notice) });
  await ahead.GET('/doggies/', {});
  await ahead.GET('/doggies/', {});
  t.same(warnings, [
    `version-aware-api-client: API version 2.1.0 at ${service.url} is deprecated as of 2026-06-01 (https://example.com/moving-off-2.1.0), and is retired (answers 410) from 2026-12-01 (https://example.com/moving-off-2.1.0).`,
    `version-aware-api-client: API version 3.0.0 at ${service.url} is deprecated as of 2027-01-01 (${service.url}/version/my_version/).`,
  ]);
  t.same(onlySunset, [], 'a hook for one notice only: the other still warns');
});

t.test('past its sunset: every call rejects with a VersionRetiredError naming the date', async (t) => {
  const service = await startWithModel(t, lifecycleModel(), new TestClock(LIFECYCLE_TODAY));
  const warnings = consoleWarnings(t);
  const { deprecations, sunsets, hooks } = recordingHooks();
  for (const [version, sunset] of [
    ['1.0.0', '2026-06-01'],
    ['2.0.0', '2026-11-22'],
  ] as const) {
    const api = createClient({ baseUrl: service.url, version, ...hooks });
    const error = await api.GET('/doggies/', {}).catch((thrown: unknown) => thrown);
    t.type(error, VersionRetiredError, `${version}: a VersionRetiredError`);
    t.match(
      error,
      {
        name: 'VersionRetiredError',
        status: 410,
        version,
        sunset: new Date(`${sunset}T00:00:00Z`),
        retryAfter: null,
        message: `Version ${version} was retired on ${sunset}, its sunset date, and is no longer served. Supported versions: ${listFrom('2.1.0')}.`,
      },
      `${version}: its sunset, ${sunset}, in the error and in its message; nothing to wait for`,
    );
    t.equal((error as VersionRetiredError).response.status, 410, `${version}: the answer itself`);
  }
  t.same([deprecations, sunsets, warnings], [[], [], []], 'a 410 announces nothing: no version was served');
});

t.test('in a brownout: a VersionRetiredError with Retry-After and the coming sunset; served again after it', async (t) => {
  const clock = new TestClock(`${LIFECYCLE_TODAY}T14:00:00.000Z`);
  const service = await startWithModel(t, lifecycleModel('latest', withLifecycles(BROWNOUTS)), clock);
  consoleWarnings(t);
  const api = createClient({ baseUrl: service.url, version: '2.1.0' });
  const error = (await api.GET('/doggies/{id}/', { params: { path: { id: 1 } } }).catch((thrown: unknown) => thrown)) as VersionRetiredError;
  t.type(error, VersionRetiredError);
  t.match(
    error,
    { retryAfter: 3600, sunset: new Date('2026-12-01T00:00:00Z'), message: /in a brownout until 2026-11-22T15:00:00Z/ },
    'an hour to wait',
  );
  clock.set('2027-03-01T14:30:00.000Z');
  const noSunset = (await createClient({ baseUrl: service.url, version: '3.0.0' })
    .GET('/doggies/', {})
    .catch((thrown: unknown) => thrown)) as VersionRetiredError;
  t.match(noSunset, { retryAfter: 1800, sunset: null, message: /no sunset date is set yet/ }, 'a brownout before any sunset is set: no date');
  clock.set(`${LIFECYCLE_TODAY}T15:00:00.000Z`);
  const after = await api.GET('/doggies/{id}/', { params: { path: { id: 1 } } });
  t.equal(after.data?.age, 12, 'once the window ends, served');
});
