import t from 'tap';
import { acceptVersion, startService } from '../../fixtures/service.js';
import { call, checkJsonHeaders, getWithoutAccept } from './fixtures/http-client.js';
import { ALL_VERSIONS, NEWEST_VERSION, SUPPORTED_LIST } from '../../fixtures/versions.js';

const PATHS = ['/version/', '/version/my_version/', '/doggies/', '/doggies/1/', '/cats/', '/cats/1/'];

t.test('the Accept header selects the version; none given means the latest', async (t) => {
  const service = await startService(t);
  const cases: [string, Record<string, string>, string][] = [
    ['*/* (what fetch sends by default)', { accept: '*/*' }, NEWEST_VERSION],
    ['application/json without version', { accept: 'application/json' }, NEWEST_VERSION],
    ['an empty version=', { accept: 'application/json; version=' }, NEWEST_VERSION],
    ['a version', { accept: 'application/json; version=2.0.0' }, '2.0.0'],
    ['a quoted version', { accept: 'application/json; version="2.0.0"' }, '2.0.0'],
    ['Version= with a capital V', { accept: 'application/json; Version=2.1.0' }, '2.1.0'],
    ['no white space', { accept: 'application/json;version=3.0.0' }, '3.0.0'],
    ['white space around ; and =', { accept: 'application/json ;  version = 3.0.0' }, '3.0.0'],
    ['q-values: JSON at a lower weight than HTML', { accept: 'text/html;q=0.9, application/json; version=1.0.0; q=0.5' }, '1.0.0'],
    ['application/json beats */*', { accept: '*/*; version=3.0.0, application/json; version=4.0.0' }, '4.0.0'],
    ['a version on application/*', { accept: 'application/*; version=2.1.0' }, '2.1.0'],
  ];
  for (const [message, headers, version] of cases) {
    const reply = await call(service.url, '/version/my_version/', { headers });
    t.equal(reply.status, 200, `${message}: 200`);
    t.match(reply.json, { version }, `${message}: served at ${version}`);
    checkJsonHeaders(t, reply, version, message);
  }
  const bare = await getWithoutAccept(service.port, '/version/my_version/');
  t.equal(bare.status, 200, 'no Accept header at all: 200');
  t.match(bare.json, { version: NEWEST_VERSION }, 'no Accept header at all: the latest version');
  checkJsonHeaders(t, bare, NEWEST_VERSION, 'no Accept header at all');
});

t.test('every supported version can be asked for on every path', async (t) => {
  const service = await startService(t);
  for (const version of ALL_VERSIONS) {
    const reply = await call(service.url, '/version/my_version/', { headers: acceptVersion(version) });
    t.match(reply.json, { version }, `${version} is served as ${version}`);
    for (const path of PATHS) {
      const other = await call(service.url, path, { headers: acceptVersion(version) });
      t.equal(other.headers.get('content-type'), `application/json; version=${version}`, `${path} at ${version} names ${version}`);
    }
  }
});

t.test('a malformed or unsupported version is refused with 406 naming it and the supported versions', async (t) => {
  const service = await startService(t);
  const cases: [string, string, RegExp][] = [
    ['a v prefix', 'v1.0.0', /^Malformed version "v1\.0\.0"/],
    ['two components', '1.0', /^Malformed version "1\.0"/],
    ['a leading zero', '01.0.0', /^Malformed version "01\.0\.0"/],
    ['a pre-release part', '1.0.0-rc1', /^Malformed version "1\.0\.0-rc1"/],
    ['a build part', '1.0.0+build', /^Malformed version "1\.0\.0\+build"/],
    ['four components', '1.0.0.0', /^Malformed version "1\.0\.0\.0"/],
    ['a word', 'latest', /^Malformed version "latest"/],
    ['white space inside quotes', '" 2.0.0"', /^Malformed version " 2\.0\.0"/],
    ['newer than any supported version', '9.9.9', /^Unsupported version "9\.9\.9"/],
    ['older than any supported version', '0.1.0', /^Unsupported version "0\.1\.0"/],
    ['between supported versions', '2.2.0', /^Unsupported version "2\.2\.0"/],
    ['not compared as a string', '2.10.0', /^Unsupported version "2\.10\.0"/],
  ];
  for (const [message, value, start] of cases) {
    const reply = await call(service.url, '/doggies/', { headers: { accept: `application/json; version=${value}` } });
    t.equal(reply.status, 406, `${message} (${value}): 406`);
    t.same(Object.keys(reply.json as object), ['detail'], `${message}: the body has only detail`);
    const detail = (reply.json as { detail: string }).detail;
    t.match(detail, start, `${message}: detail names the value`);
    t.ok(detail.endsWith(`Supported versions: ${SUPPORTED_LIST}.`), `${message}: detail lists the supported versions`);
    checkJsonHeaders(t, reply, undefined, message);
  }
});

t.test('a refused version is refused on every known path', async (t) => {
  const service = await startService(t);
  for (const path of PATHS) {
    for (const value of ['9.9.9', 'v1.0.0']) {
      const reply = await call(service.url, path, { headers: acceptVersion(value) });
      t.equal(reply.status, 406, `${path} at ${value}: 406`);
      checkJsonHeaders(t, reply, undefined, `${path} at ${value}`);
    }
  }
});

t.test('an Accept header that admits no JSON, or names two versions, is refused with 406', async (t) => {
  const service = await startService(t);
  const unsatisfiable = (accept: string) => ({
    detail: `Could not satisfy the Accept header ${JSON.stringify(accept)}: this API answers application/json only. Supported versions: ${SUPPORTED_LIST} (Accept: application/json; version=${SUPPORTED_LIST.split(', ')[0]}).`,
  });
  const cases: [string, string][] = [
    ['text/html only', 'text/html'],
    ['XML only', 'application/xml, text/xml'],
    ['JSON excluded with q=0', 'application/json;q=0, text/html'],
    ['JSON excluded with q=0 though */* admits it', 'application/json; q=0, */*'],
    ['everything excluded', '*/*;q=0'],
  ];
  for (const [message, accept] of cases) {
    const reply = await call(service.url, '/doggies/', { headers: { accept } });
    t.equal(reply.status, 406, `${message}: 406`);
    t.same(reply.json, unsatisfiable(accept), `${message}: body, naming the value received and the supported versions`);
    checkJsonHeaders(t, reply, undefined, message);
  }
  const refusedOne = await call(service.url, '/doggies/', { headers: { accept: 'application/json; version=2.0.0; q=0, */*' } });
  t.equal(
    refusedOne.headers.get('content-type'),
    `application/json; version=${NEWEST_VERSION}`,
    'q=0 on 2.0.0 only refuses 2.0.0: the default serves',
  );
  const equallyPreferred = await call(service.url, '/doggies/', {
    headers: { accept: 'application/json;version=1.0.0, application/json;version=2.0.0' },
  });
  t.equal(equallyPreferred.status, 406, 'two equally preferred ranges naming different versions: 406');
  const conflict = await call(service.url, '/doggies/', { headers: { accept: 'application/json; version=1.0.0; version=2.0.0' } });
  t.equal(conflict.status, 406, 'two versions on the chosen range: 406');
  t.match(conflict.json, { detail: /"1\.0\.0".*"2\.0\.0"/ }, 'two versions: detail names both');
  checkJsonHeaders(t, conflict, undefined, 'two versions');
});

t.test('DEFAULT_VERSION chooses the version of a request that names none', async (t) => {
  const cases: [string, string | undefined, string][] = [
    ['unset', undefined, NEWEST_VERSION],
    ['latest', 'latest', NEWEST_VERSION],
    ['earliest', 'earliest', '1.0.0'],
    ['an exact version', '2.1.0', '2.1.0'],
  ];
  for (const [message, setting, version] of cases) {
    const service = await startService(t, setting === undefined ? {} : { DEFAULT_VERSION: setting });
    const bare = await getWithoutAccept(service.port, '/version/my_version/');
    t.match(bare.json, { version }, `DEFAULT_VERSION ${message}, no Accept: ${version}`);
    checkJsonHeaders(t, bare, version, `DEFAULT_VERSION ${message}, no Accept`);
    for (const accept of ['*/*', 'application/json', 'application/json; version=']) {
      const reply = await call(service.url, '/version/my_version/', { headers: { accept } });
      t.match(reply.json, { version }, `DEFAULT_VERSION ${message}, Accept ${accept}: ${version}`);
    }
    const explicit = await call(service.url, '/version/my_version/', { headers: acceptVersion('3.0.0') });
    t.match(explicit.json, { version: '3.0.0' }, `DEFAULT_VERSION ${message}: an explicit version still wins`);
  }
});

t.test('the default version is a real version: its windows and shapes apply', async (t) => {
  const earliest = await startService(t, { DEFAULT_VERSION: 'earliest' });
  const hidden = await getWithoutAccept(earliest.port, '/doggies/1/');
  t.equal(hidden.status, 404, 'at the default 1.0.0 the dog detail view is hidden');
  checkJsonHeaders(t, hidden, '1.0.0', 'hidden detail view at the default version');

  const exact = await startService(t, { DEFAULT_VERSION: '2.1.0' });
  const dog = await getWithoutAccept(exact.port, '/doggies/1/');
  t.same(dog.json, { id: 1, name: 'Biko', birthday: '2014-05-06', age: 12 }, 'at the default 2.1.0 age is an integer');
});
