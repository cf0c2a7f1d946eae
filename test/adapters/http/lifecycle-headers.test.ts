import { compare as compareVersions, satisfies } from 'semver';
import t from 'tap';
import { SUPPORTED_VERSIONS } from '../../../src/domain/api-history/bundle.js';
import { REMOVAL_READINGS, type RemovalReading } from '../../../src/domain/versioning/removal-reading.js';
import { deprecationField, httpDate } from '../../../src/adapters/http/response/lifecycle-headers.js';
import { acceptVersion, startService } from '../../fixtures/service.js';
import { parseLinkHeader } from '../../fixtures/link-header.js';
import { date } from '../../fixtures/test-clock.js';
import { call, rawCall } from './fixtures/http-client.js';
import { ALL_VERSIONS } from '../../fixtures/versions.js';

/** 2026-01-01T00:00:00Z, 1.0.0's deprecation, in Unix seconds, computed apart from the code under test. */
const DEPRECATED_1_0_0 = Date.UTC(2026, 0, 1) / 1000;
const CHANGELOG_ENTRY_1_0_0 = { target: '/version/my_version/', params: { rel: 'deprecation', type: 'application/json; version=1.0.0' } };
const DEPRECATED_PATHS: [string, number][] = [
  ['/version/', 200],
  ['/version/my_version/', 200],
  ['/doggies/', 200],
  ['/doggies/1/', 404],
  ['/cats/', 200],
  ['/cats/1/', 404],
  ['/cats/99/', 404],
  ['/cats/?limit=0', 400],
];

t.test('Deprecation: an RFC 9745 Date, @ and the Unix seconds of midnight UTC', async (t) => {
  const cases: [string, number][] = [
    ['2026-01-01', DEPRECATED_1_0_0],
    ['1970-01-01', 0],
    ['1969-12-31', -86_400],
    ['2024-02-29', Date.UTC(2024, 1, 29) / 1000],
    ['9999-12-31', Date.UTC(9999, 11, 31) / 1000],
  ];
  for (const [day, seconds] of cases) {
    const field = deprecationField(date(day));
    t.match(field, /^@-?\d+$/, `${day}: @ and an integer`);
    t.equal(field, `@${seconds}`, `${day}: ${seconds}`);
  }
});

t.test('Sunset: an IMF-fixdate (RFC 9110 5.6.7), midnight UTC', async (t) => {
  const cases: [string, string][] = [
    ['2026-11-01', 'Sun, 01 Nov 2026 00:00:00 GMT'],
    ['2026-12-01', 'Tue, 01 Dec 2026 00:00:00 GMT'],
    ['2024-02-29', 'Thu, 29 Feb 2024 00:00:00 GMT'],
    ['0999-01-01', 'Tue, 01 Jan 0999 00:00:00 GMT'],
  ];
  for (const [day, text] of cases) {
    t.equal(httpDate(date(day)), text, day);
    t.match(httpDate(date(day)), /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} 00:00:00 GMT$/);
  }
});

t.test('every response at 1.0.0, deprecated on 2026-01-01, says so: successes and errors, GET and HEAD', async (t) => {
  const service = await startService(t, { ACCESS_LOG: 'off' });
  for (const method of ['GET', 'HEAD']) {
    for (const [path, status] of DEPRECATED_PATHS) {
      const reply = await call(service.url, path, { method, headers: acceptVersion('1.0.0') });
      const what = `${method} ${path} at 1.0.0`;
      t.equal(reply.status, status, `${what}: ${status}`);
      t.equal(reply.headers.get('content-type'), 'application/json; version=1.0.0', `${what}: served at 1.0.0`);
      t.equal(reply.headers.get('deprecation'), `@${DEPRECATED_1_0_0}`, `${what}: Deprecation`);
      t.equal(reply.headers.get('sunset'), null, `${what}: no Sunset, none declared`);
      const links = parseLinkHeader(reply.headers.get('link') as string).filter(({ params }) => params.rel === 'deprecation');
      t.same(links, [CHANGELOG_ENTRY_1_0_0], `${what}: Link rel="deprecation" to 1.0.0's changelog entry`);
    }
  }
  const entry = await call(service.url, CHANGELOG_ENTRY_1_0_0.target, { headers: { accept: CHANGELOG_ENTRY_1_0_0.params.type } });
  t.match(entry.json, { version: '1.0.0', deprecated: '2026-01-01', sunset: null }, 'the link, followed with its type, is 1.0.0 and its deprecation');
});

t.test("a list's next and prev and the deprecation link share one Link field, in RFC 8288's syntax", async (t) => {
  const service = await startService(t, { ACCESS_LOG: 'off' });
  const path = '/cats/?limit=1&starting_after=1';
  const reply = await call(service.url, path, { headers: acceptVersion('1.0.0') });
  t.same(parseLinkHeader(reply.headers.get('link') as string), [
    { target: '/cats/?limit=1&starting_after=2', params: { rel: 'next' } },
    { target: '/cats/?limit=1&ending_before=2', params: { rel: 'prev' } },
    CHANGELOG_ENTRY_1_0_0,
  ]);
  const raw = await rawCall(service.port, 'GET', path, acceptVersion('1.0.0'));
  t.equal(raw.headers.filter(([name]) => name === 'link').length, 1, 'one Link field on the wire');
  t.equal(raw.headers.filter(([name]) => name === 'deprecation').length, 1, 'one Deprecation field');
  t.equal(
    raw.headers.find(([name]) => name === 'link')?.[1],
    '</cats/?limit=1&starting_after=2>; rel="next", </cats/?limit=1&ending_before=2>; rel="prev", </version/my_version/>; rel="deprecation"; type="application/json; version=1.0.0"',
  );
});

t.test('nothing is added at a version that is not deprecated, nor where no version was resolved', async (t) => {
  const service = await startService(t, { ACCESS_LOG: 'off' });
  for (const version of ALL_VERSIONS.filter((version) => version !== '1.0.0')) {
    for (const [path] of DEPRECATED_PATHS) {
      const reply = await call(service.url, path, { headers: acceptVersion(version) });
      t.same([reply.headers.get('deprecation'), reply.headers.get('sunset')], [null, null], `${path} at ${version}`);
      t.notMatch(reply.headers.get('link') ?? '', /deprecation|sunset/, `${path} at ${version}: no such Link relation`);
    }
  }
  for (const [what, path, headers] of [
    ['no version asked: the default, 5.0.0', '/cats/', {}],
    ['406', '/cats/', acceptVersion('9.9.9')],
    ['unknown path', '/nope/', acceptVersion('1.0.0')],
    ['/health/, unversioned', '/health/', acceptVersion('1.0.0')],
    ['301', '/cats', acceptVersion('1.0.0')],
  ] as const) {
    const reply = await call(service.url, path, { headers });
    t.same([reply.headers.get('deprecation'), reply.headers.get('link')], [null, null], what);
  }
  const earliest = await startService(t, { ACCESS_LOG: 'off', DEFAULT_VERSION: 'earliest' });
  const bare = await call(earliest.url, '/version/my_version/', { headers: { accept: 'application/json' } });
  t.equal(bare.headers.get('deprecation'), `@${DEPRECATED_1_0_0}`, 'DEFAULT_VERSION=earliest with no version asked: served at 1.0.0, so deprecated');
});

t.test('OPTIONS advertises, per path, the versions at which its operations are served: oldest first, the deprecated apart', async (t) => {
  const oldestFirst = [...SUPPORTED_VERSIONS].sort(compareVersions);
  const within = (range: string) => oldestFirst.filter((version) => satisfies(version, range));
  // Under the inclusive reading (the default), removed_in = V is still served at V; under the exclusive one it is not.
  const windows: Record<RemovalReading, [string, string][]> = {
    inclusive: [
      ['/version/', '*'],
      ['/version/my_version/', '*'],
      ['/openapi.json', '*'],
      ['/health/', '*'],
      ['/doggies/', '*'],
      ['/doggies/1/', '>=2.0.0'],
      ['/cats/', '<=4.0.0'],
      ['/cats/1/', '>=3.0.0 <=5.0.0'],
    ],
    exclusive: [
      ['/doggies/1/', '>=2.0.0'],
      ['/cats/', '<4.0.0'],
      ['/cats/1/', '>=3.0.0 <5.0.0'],
    ],
  };
  for (const reading of REMOVAL_READINGS) {
    const service = await startService(t, { ACCESS_LOG: 'off', REMOVED_IN: reading });
    for (const [path, range] of windows[reading]) {
      const servedAt = within(range);
      for (const accept of [undefined, '1.0.0', '9.9.9']) {
        const reply = await call(service.url, path, { method: 'OPTIONS', headers: accept === undefined ? {} : acceptVersion(accept) });
        const what = `REMOVED_IN=${reading}: OPTIONS ${path}${accept === undefined ? '' : ` at ${accept}`}`;
        t.equal(reply.status, 204, `${what}: 204, whatever the version asked`);
        t.equal(
          reply.headers.get('api-supported-versions'),
          servedAt.filter((version) => version !== '1.0.0').join(', '),
          `${what}: api-supported-versions`,
        );
        t.equal(reply.headers.get('api-deprecated-versions'), servedAt.includes('1.0.0') ? '1.0.0' : null, `${what}: api-deprecated-versions`);
        t.equal(reply.headers.get('deprecation'), null, `${what}: OPTIONS is not served at a version`);
      }
    }
  }
  const before = await startService(t, { ACCESS_LOG: 'off', TODAY: '2025-12-31' });
  const reply = await call(before.url, '/cats/', { method: 'OPTIONS' });
  t.equal(reply.headers.get('api-supported-versions'), within('<=4.0.0').join(', '), 'the day before the deprecation: every version of the cat list');
  t.equal(reply.headers.get('api-deprecated-versions'), null, 'and none deprecated: no such header');
  const atDeprecated = await call(before.url, '/cats/', { headers: acceptVersion('1.0.0') });
  t.equal(atDeprecated.headers.get('deprecation'), `@${DEPRECATED_1_0_0}`, 'the Deprecation header says the date ahead, as RFC 9745 allows');
});
