import t from 'tap';
import { refuseRetiredDefault } from '../../../src/container.js';
import { LIFECYCLE_TODAY, lifecycleModel } from '../../fixtures/lifecycle-history.js';
import { startWithModel } from '../../fixtures/lifecycle-service.js';
import { parseLinkHeader } from '../../fixtures/link-header.js';
import { acceptVersion } from '../../fixtures/service.js';
import { date, TestClock } from '../../fixtures/test-clock.js';
import { call, checkJsonHeaders } from './fixtures/http-client.js';
import { listFrom, versionsFrom } from '../../fixtures/versions.js';
import { StartupError } from '../../../src/domain/errors/startup-error.js';

const SERVED_ON_TODAY = `Supported versions: ${listFrom('2.1.0')}.`;

t.test('from its sunset date on, a version answers 410 naming it, its sunset and the versions served', async (t) => {
  const service = await startWithModel(t, lifecycleModel(), new TestClock(LIFECYCLE_TODAY));
  for (const [version, sunset, when] of [
    ['1.0.0', '2026-06-01', 'in the past'],
    ['2.0.0', '2026-11-22', 'today'],
  ] as const) {
    for (const path of ['/doggies/', '/doggies/1/', '/version/', '/version/my_version/', '/nope/']) {
      const reply = await call(service.url, path, { headers: acceptVersion(version) });
      if (path === '/nope/') {
        t.equal(reply.status, 404, `${path} at ${version}: an unknown path is 404 first`);
        continue;
      }
      t.equal(reply.status, 410, `${path} at ${version}, its sunset ${when}: 410 Gone`);
      t.same(reply.json, { detail: `Version ${version} was retired on ${sunset}, its sunset date, and is no longer served. ${SERVED_ON_TODAY}` });
      checkJsonHeaders(t, reply, undefined, `${path} at ${version}`);
      t.same(
        [reply.headers.get('deprecation'), reply.headers.get('sunset'), reply.headers.get('link')],
        [null, null, null],
        'no version served: no lifecycle headers',
      );
    }
  }
  const unsupported = await call(service.url, '/doggies/', { headers: acceptVersion('9.9.9') });
  t.same(
    [unsupported.status, unsupported.json],
    [406, { detail: `Unsupported version "9.9.9". ${SERVED_ON_TODAY}` }],
    '406 lists only the versions served',
  );
  t.same(service.errors, [], 'nothing logged: a client asking for a retired version is no fault');
});

t.test('a sunset in the future: served, with Deprecation, Sunset and both links to the declared page', async (t) => {
  const service = await startWithModel(t, lifecycleModel(), new TestClock(LIFECYCLE_TODAY));
  const reply = await call(service.url, '/doggies/?limit=1', { headers: acceptVersion('2.1.0') });
  t.equal(reply.status, 200);
  checkJsonHeaders(t, reply, '2.1.0', '2.1.0');
  t.equal(reply.headers.get('deprecation'), `@${Date.UTC(2026, 5, 1) / 1000}`, 'deprecated on 2026-06-01');
  t.equal(reply.headers.get('sunset'), 'Tue, 01 Dec 2026 00:00:00 GMT', 'sunset on 2026-12-01');
  t.same(parseLinkHeader(reply.headers.get('link') as string), [
    { target: '/doggies/?limit=1&starting_after=1', params: { rel: 'next' } },
    { target: 'https://example.com/moving-off-2.1.0', params: { rel: 'deprecation' } },
    { target: 'https://example.com/moving-off-2.1.0', params: { rel: 'sunset' } },
  ]);
  const future = await call(service.url, '/doggies/1/', { headers: acceptVersion('3.0.0') });
  t.equal(future.headers.get('deprecation'), `@${Date.UTC(2027, 0, 1) / 1000}`, '3.0.0: to be deprecated on 2027-01-01, said ahead');
  t.equal(future.headers.get('sunset'), null, '3.0.0: no sunset');
  t.same(parseLinkHeader(future.headers.get('link') as string), [
    { target: '/version/my_version/', params: { rel: 'deprecation', type: 'application/json; version=3.0.0' } },
  ]);
  const options = await call(service.url, '/doggies/', { method: 'OPTIONS' });
  t.same(
    [options.headers.get('api-supported-versions'), options.headers.get('api-deprecated-versions')],
    [versionsFrom('3.0.0').join(', '), '2.1.0'],
    'OPTIONS: retired versions are not advertised; 3.0.0 is not deprecated yet',
  );
});

t.test('at midnight UTC a running service retires the version, though its Accept header is cached', async (t) => {
  const clock = new TestClock('2026-11-30');
  const service = await startWithModel(t, lifecycleModel('earliest'), clock);
  for (let request = 1; request <= 3; request += 1) {
    const reply = await call(service.url, '/doggies/1/', { headers: acceptVersion('2.1.0') });
    t.equal(reply.status, 200, `2026-11-30, request ${request}: 200`);
  }
  t.equal(
    (await call(service.url, '/version/my_version/', { headers: { accept: 'application/json' } })).headers.get('content-type'),
    'application/json; version=2.1.0',
    'the default: the earliest served',
  );
  clock.set('2026-12-01');
  const retired = await call(service.url, '/doggies/1/', { headers: acceptVersion('2.1.0') });
  t.same(
    [retired.status, retired.json],
    [410, { detail: `Version 2.1.0 was retired on 2026-12-01, its sunset date, and is no longer served. Supported versions: ${listFrom('3.0.0')}.` }],
    '2026-12-01: 410, no restart',
  );
  const byDefault = await call(service.url, '/version/my_version/', { headers: { accept: 'application/json' } });
  t.equal(
    byDefault.headers.get('content-type'),
    'application/json; version=3.0.0',
    'DEFAULT_VERSION=earliest moves to the earliest version still served',
  );
  const unsupported = await call(service.url, '/doggies/', { headers: acceptVersion('9.9.9') });
  t.match(unsupported.json, { detail: `Supported versions: ${listFrom('3.0.0')}.` }, 'the 406 list changes at midnight too');
});

t.test('a DEFAULT_VERSION retired while running: 410 to requests naming no version, one error line a day', async (t) => {
  const clock = new TestClock('2026-11-21');
  const service = await startWithModel(t, lifecycleModel('2.0.0'), clock);
  t.equal((await call(service.url, '/doggies/1/')).status, 200, 'the day before its sunset: served');
  clock.set('2026-11-22');
  for (let request = 1; request <= 3; request += 1) {
    const reply = await call(service.url, '/doggies/1/');
    t.same(
      [reply.status, reply.json],
      [
        410,
        {
          detail: `The default version 2.0.0 was retired on 2026-11-22, its sunset date, and is no longer served. Name a supported version in the Accept header. ${SERVED_ON_TODAY}`,
        },
      ],
      `request ${request}: 410`,
    );
  }
  t.equal((await call(service.url, '/doggies/1/', { headers: acceptVersion('3.0.0') })).status, 200, 'a request naming a version is served');
  t.equal(service.errors.length, 1, 'one error line, however many requests');
  t.match(JSON.parse(service.errors[0] as string), {
    level: 'error',
    message:
      'DEFAULT_VERSION=2.0.0 was retired on 2026-11-22: requests that name no version get 410; set DEFAULT_VERSION to a supported version (a restart with this one refuses to start)',
  });
  clock.set('2026-11-23');
  await call(service.url, '/doggies/1/');
  await call(service.url, '/doggies/1/');
  t.equal(service.errors.length, 2, 'and one more the next day');
});

t.test('a DEFAULT_VERSION retired on the day of the start refuses the start, naming it', async (t) => {
  const error = t.throws(() => refuseRetiredDefault(lifecycleModel('2.0.0'), date('2026-11-22')), StartupError) as StartupError;
  t.equal(
    error.message,
    `bad setting: DEFAULT_VERSION="2.0.0" names a version retired on 2026-11-22, its sunset date (today is 2026-11-22); set it to latest, earliest or a supported version (${listFrom('2.1.0')})`,
  );
  t.doesNotThrow(() => refuseRetiredDefault(lifecycleModel('2.0.0'), date('2026-11-21')), 'the day before: it starts');
  t.doesNotThrow(() => refuseRetiredDefault(lifecycleModel('earliest'), date('2027-11-22')), 'earliest: the earliest still served');
  t.doesNotThrow(() => refuseRetiredDefault(lifecycleModel('latest'), date('9999-12-31')), 'latest: the newest never has a sunset');
});

t.test('the docs page asked for no version while the default is retired: the same 410 as the API', async (t) => {
  const clock = new TestClock('2026-11-21');
  const service = await startWithModel(t, lifecycleModel('2.0.0'), clock);
  t.equal((await call(service.url, '/docs/')).status, 200, 'the day before its sunset: the default version');
  clock.set('2026-11-22');
  const refused = await call(service.url, '/docs/');
  t.same(
    [refused.status, refused.json],
    [
      410,
      {
        detail: `The default version 2.0.0 was retired on 2026-11-22, its sunset date, and is no longer served. Name a supported version in the Accept header. ${SERVED_ON_TODAY}`,
      },
    ],
  );
  t.equal((await call(service.url, '/docs/?version=3.0.0')).status, 200, 'a version named is shown');
});
