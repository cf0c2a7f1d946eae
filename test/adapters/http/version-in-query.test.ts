import t from 'tap';
import { bearer, keyedClient, withClients } from '../../fixtures/clients.js';
import { LIFECYCLE_TODAY, lifecycleModel } from '../../fixtures/lifecycle-history.js';
import { startWithModel } from '../../fixtures/lifecycle-service.js';
import { acceptVersion, startService } from '../../fixtures/service.js';
import { TestClock } from '../../fixtures/test-clock.js';
import { ALL_VERSIONS, NEWEST_VERSION } from '../../fixtures/versions.js';
import { call, checkJsonHeaders } from './fixtures/http-client.js';

const legacy = keyedClient('legacy-shop', '3.0.0');
const versionOf = (headers: Headers): string | undefined => /version=([^;]+)/.exec(headers.get('content-type') ?? '')?.[1];

t.test("/openapi.json?version=X is X's document, with no header, as Accept or Api-Version naming X gets it", async (t) => {
  const service = await startService(t);
  const etags = new Set<string | null>();
  for (const version of ALL_VERSIONS) {
    const queried = await call(service.url, `/openapi.json?version=${version}`);
    t.equal(queried.status, 200, `${version}: 200`);
    t.match(queried.json, { info: { version } }, `${version}: its document`);
    checkJsonHeaders(t, queried, version, `${version}`);
    const byAccept = await call(service.url, '/openapi.json', { headers: acceptVersion(version) });
    t.equal(queried.text, byAccept.text, `${version}: the bytes Accept gets`);
    t.equal(queried.headers.get('etag'), byAccept.headers.get('etag'), `${version}: the same ETag`);
    t.equal(queried.headers.get('cache-control'), byAccept.headers.get('cache-control'), `${version}: the same Cache-Control`);
    etags.add(queried.headers.get('etag'));
    const revalidated = await call(service.url, `/openapi.json?version=${version}`, {
      headers: { 'if-none-match': queried.headers.get('etag') as string },
    });
    t.equal(revalidated.status, 304, `${version}: If-None-Match its ETag: 304`);
  }
  t.equal(etags.size, ALL_VERSIONS.length, 'an ETag per version');
  const head = await call(service.url, '/openapi.json?version=2.1.0', { method: 'HEAD' });
  t.same([head.status, versionOf(head.headers), head.text], [200, '2.1.0', ''], 'HEAD: the headers, no body');
  const entry = await call(service.url, '/version/my_version/?version=2.1.0');
  t.match(entry.json, { version: '2.1.0' }, "/version/my_version/?version=2.1.0: 2.1.0's changelog entry");
  checkJsonHeaders(t, entry, '2.1.0', '/version/my_version/?version=2.1.0');
});

t.test('?version= agrees with Accept and Api-Version naming the same version, and wins over a pin', async (t) => {
  const service = await startService(t, {}, withClients([legacy]));
  const cases: [string, Record<string, string>][] = [
    ['Accept naming the same', acceptVersion('2.1.0')],
    ['Accept naming none', { accept: 'application/json' }],
    ['Api-Version naming the same', { 'api-version': '2.1.0' }],
    ['both naming the same', { 'api-version': '2.1.0', ...acceptVersion('2.1.0') }],
    ["a client's pin (3.0.0)", bearer(legacy.key)],
  ];
  for (const [what, headers] of cases) {
    const reply = await call(service.url, '/openapi.json?version=2.1.0', { headers });
    t.same([reply.status, versionOf(reply.headers)], [200, '2.1.0'], `${what}: 2.1.0`);
  }
  const pinned = await call(service.url, '/openapi.json?version=2.1.0', { headers: bearer(legacy.key) });
  t.equal(pinned.headers.get('cache-control'), 'private, no-cache', "a client's answer is its own, as ever");
});

t.test('?version= naming another version than Accept or Api-Version is a 400 naming both', async (t) => {
  const service = await startService(t);
  const cases: [string, Record<string, string>, string][] = [
    ['Accept', acceptVersion('3.0.0'), 'The Accept header names version "3.0.0" and the query parameter "version" names "2.1.0"'],
    ['Api-Version', { 'api-version': '3.0.0' }, 'The Api-Version header names version "3.0.0" and the query parameter "version" names "2.1.0"'],
    [
      'both, naming the same other one',
      { 'api-version': '3.0.0', ...acceptVersion('3.0.0') },
      'The Api-Version header names version "3.0.0" and the query parameter "version" names "2.1.0"',
    ],
    [
      'Accept and Api-Version apart',
      { 'api-version': '2.1.0', ...acceptVersion('3.0.0') },
      'The Accept header names version "3.0.0" and the Api-Version header names "2.1.0"',
    ],
  ];
  for (const [what, headers, named] of cases) {
    const reply = await call(service.url, '/openapi.json?version=2.1.0', { headers });
    t.equal(reply.status, 400, `${what}: 400`);
    t.same(reply.json, { detail: `${named}: name one version, in either or in both.` }, `${what}: naming both`);
    checkJsonHeaders(t, reply, undefined, what);
  }
});

t.test('a malformed or unsupported ?version= is the 406 of Api-Version; given twice, or beside another parameter, a 400', async (t) => {
  const service = await startService(t);
  const values: [string, string][] = [
    ['2.1', 'malformed'],
    ['9.9.9', 'unsupported'],
    ['', 'empty'],
    ['v2.1.0', 'prefixed'],
  ];
  for (const [value, what] of values) {
    const reply = await call(service.url, `/openapi.json?version=${value}`);
    const header = await call(service.url, '/openapi.json', { headers: { 'api-version': value } });
    t.equal(reply.status, 406, `${what}: 406`);
    t.same(reply.json, header.json, `${what}: the 406 Api-Version: ${JSON.stringify(value)} gets`);
    checkJsonHeaders(t, reply, undefined, what);
  }
  const malformedAccept = await call(service.url, '/openapi.json?version=2.1.0', { headers: { accept: 'application/json; version=2.1' } });
  t.equal(malformedAccept.status, 406, 'a malformed Accept beside it: 406');
  const malformedHeader = await call(service.url, '/openapi.json?version=2.1.0', { headers: { 'api-version': '2.1' } });
  t.equal(malformedHeader.status, 406, 'a malformed Api-Version beside it: 406');
  const malformedQuery = await call(service.url, '/openapi.json?version=2.1', { headers: { 'api-version': '3.0.0', ...acceptVersion('2.1.0') } });
  t.match(malformedQuery.json, { detail: /^Malformed version "2\.1"/ }, 'a malformed query beside a header, both naming others: the 406 first');
  const twice = await call(service.url, '/openapi.json?version=2.1.0&version=3.0.0');
  t.same([twice.status, twice.json], [400, { detail: 'Give "version" once; it was given 2 times.' }], 'twice: 400');
  const unknown = await call(service.url, '/openapi.json?version=2.1.0&verison=3.0.0');
  t.equal(unknown.status, 400, 'an unknown parameter beside it: 400');
  t.same(
    unknown.json,
    {
      detail:
        'Unknown query parameter "verison"; this path accepts only "version" (the version, as Api-Version names it: /openapi.json?version=X.Y.Z).',
    },
    'naming it, and the one the path takes',
  );
  const elsewhere = await call(service.url, '/doggies/1/?version=2.1.0');
  t.equal(elsewhere.status, 400, 'a path that does not take it: the 400 of any unknown parameter');
  const latest = await call(service.url, `/openapi.json?version=${NEWEST_VERSION}`, { method: 'OPTIONS' });
  t.equal(latest.status, 204, 'OPTIONS: 204, before any version');
});

t.test('?version= naming a version past its sunset: the 410 of Accept', async (t) => {
  const service = await startWithModel(t, lifecycleModel(), new TestClock(LIFECYCLE_TODAY));
  const reply = await fetch(`${service.url}/openapi.json?version=1.0.0`);
  const byAccept = await fetch(`${service.url}/openapi.json`, { headers: acceptVersion('1.0.0') });
  t.equal(reply.status, 410, '410');
  t.same(await reply.json(), await byAccept.json(), 'the same body');
});
