import t from 'tap';
import { dereferenced } from '../../../src/contracts/dereferenced.js';
import { BROWNOUTS, LIFECYCLE_TODAY, lifecycleModel, withLifecycles } from '../../fixtures/lifecycle-history.js';
import { startWithModel } from '../../fixtures/lifecycle-service.js';
import { bearer, keyedClient, withClients } from '../../fixtures/clients.js';
import { acceptVersion, startService } from '../../fixtures/service.js';
import { TestClock } from '../../fixtures/test-clock.js';
import { NEWEST_VERSION, SUPPORTED_LIST } from '../../fixtures/versions.js';
import { call, checkJsonHeaders } from './fixtures/http-client.js';

const legacy = keyedClient('legacy-shop', '3.0.0');
const versionOf = (headers: Headers): string | undefined => /version=([^;]+)/.exec(headers.get('content-type') ?? '')?.[1];

t.test('Api-Version selects a version as Accept does, and agrees with Accept naming the same one', async (t) => {
  const service = await startService(t, {}, withClients([legacy]));
  const cases: [string, Record<string, string>, string][] = [
    ['the header alone', { 'api-version': '2.1.0' }, '2.1.0'],
    ['the header with an Accept naming no version', { 'api-version': '2.0.0', accept: 'application/json' }, '2.0.0'],
    ['the header with */*', { 'api-version': '3.0.0', accept: '*/*' }, '3.0.0'],
    ['header and Accept naming the same version', { 'api-version': '2.1.0', ...acceptVersion('2.1.0') }, '2.1.0'],
    ["the header over a client's pin", { 'api-version': '2.1.0', ...bearer(legacy.key) }, '2.1.0'],
    ["both over a client's pin", { 'api-version': '4.0.0', ...acceptVersion('4.0.0'), ...bearer(legacy.key) }, '4.0.0'],
    ["Accept alone over a client's pin, as before", { ...acceptVersion('2.0.0'), ...bearer(legacy.key) }, '2.0.0'],
    ["neither: the client's pin", bearer(legacy.key), '3.0.0'],
    ['neither, anonymous: DEFAULT_VERSION (the newest)', {}, NEWEST_VERSION],
  ];
  for (const [message, headers, version] of cases) {
    for (const path of ['/version/my_version/', '/doggies/1/']) {
      const reply = await call(service.url, path, { headers });
      t.equal(reply.status, 200, `${message}, ${path}: 200`);
      t.equal(versionOf(reply.headers), version, `${message}, ${path}: served at ${version}`);
    }
  }
  const mine = await call(service.url, '/version/my_version/', { headers: { 'api-version': '2.1.0' } });
  t.match(mine.json, { version: '2.1.0' }, 'the body says so too');
  checkJsonHeaders(t, mine, '2.1.0', 'the header alone');
  const client = await call(service.url, '/client/', { headers: { 'api-version': '9.9.9', ...bearer(legacy.key) } });
  t.equal(client.status, 200, 'an unversioned path ignores the header');
});

t.test('Accept and Api-Version naming different versions is a 400 naming both', async (t) => {
  const service = await startService(t, {}, withClients([legacy]));
  for (const [message, headers] of [
    ['anonymous', {}],
    ['a client', bearer(legacy.key)],
  ] as const) {
    const reply = await call(service.url, '/doggies/1/', { headers: { 'api-version': '2.1.0', ...acceptVersion('3.0.0'), ...headers } });
    t.equal(reply.status, 400, `${message}: 400`);
    t.same(
      reply.json,
      {
        detail: 'The Accept header names version "3.0.0" and the Api-Version header names "2.1.0": name one version, in either or in both.',
      },
      `${message}: names both`,
    );
    checkJsonHeaders(t, reply, undefined, message);
  }
});

t.test('a malformed or unsupported Api-Version is the 406 of Accept; a broken Accept is refused first', async (t) => {
  const service = await startService(t);
  const cases: [string, Record<string, string>, string][] = [
    [
      'a malformed header',
      { 'api-version': 'v2' },
      `Malformed version "v2": a version is MAJOR.MINOR.PATCH, such as 1.0.0. Supported versions: ${SUPPORTED_LIST}.`,
    ],
    [
      'an empty header',
      { 'api-version': '' },
      `Malformed version "": a version is MAJOR.MINOR.PATCH, such as 1.0.0. Supported versions: ${SUPPORTED_LIST}.`,
    ],
    [
      'two headers, joined',
      { 'api-version': '2.1.0, 3.0.0' },
      `Malformed version "2.1.0, 3.0.0": a version is MAJOR.MINOR.PATCH, such as 1.0.0. Supported versions: ${SUPPORTED_LIST}.`,
    ],
    ['an unsupported header', { 'api-version': '9.9.9' }, `Unsupported version "9.9.9". Supported versions: ${SUPPORTED_LIST}.`],
    [
      'an unsupported header beside a good Accept',
      { 'api-version': '9.9.9', ...acceptVersion('2.1.0') },
      `Unsupported version "9.9.9". Supported versions: ${SUPPORTED_LIST}.`,
    ],
    [
      'a good header beside an unsupported Accept',
      { 'api-version': '2.1.0', ...acceptVersion('9.9.9') },
      `Unsupported version "9.9.9". Supported versions: ${SUPPORTED_LIST}.`,
    ],
  ];
  for (const [message, headers, detail] of cases) {
    const reply = await call(service.url, '/doggies/1/', { headers });
    t.same([reply.status, reply.json], [406, { detail }], message);
  }
  const html = await call(service.url, '/doggies/1/', { headers: { 'api-version': '2.1.0', accept: 'text/html' } });
  t.equal(html.status, 406, 'an Accept that admits no JSON: 406 whatever the header');
});

t.test('a retired or browned-out version named by Api-Version is the 410 Accept gets', async (t) => {
  const service = await startWithModel(t, lifecycleModel('latest', withLifecycles(BROWNOUTS)), new TestClock(`${LIFECYCLE_TODAY}T14:30:00.000Z`));
  const retired = await call(service.url, '/doggies/1/', { headers: { 'api-version': '1.0.0' } });
  t.equal(retired.status, 410, 'retired: 410');
  t.match(retired.json, { detail: /^Version 1\.0\.0 was retired on 2026-06-01/ }, 'retired: the detail of Accept');
  const both = await call(service.url, '/doggies/1/', { headers: { 'api-version': '1.0.0', ...acceptVersion('1.0.0') } });
  t.equal(both.status, 410, 'retired, named by both: 410');
  const ambiguous = await call(service.url, '/doggies/1/', { headers: { 'api-version': '3.0.0', ...acceptVersion('1.0.0') } });
  t.equal(ambiguous.status, 400, 'a retired version in Accept and another in the header: ambiguous, 400');
  const brownout = await call(service.url, '/doggies/1/', { headers: { 'api-version': '2.1.0' } });
  t.equal(brownout.status, 410, 'in a brownout: 410');
  t.equal(brownout.headers.get('retry-after'), '1800', 'with Retry-After');
  t.match(brownout.json, { detail: /^Version 2\.1\.0 is in a brownout/ }, 'named as a version the request chose');
  const served = await call(service.url, '/doggies/1/', { headers: { 'api-version': '3.0.0' } });
  t.equal(versionOf(served.headers), '3.0.0', 'another version meanwhile: served');
});

t.test('every answer varies with Api-Version, and a preflight allows it', async (t) => {
  const service = await startService(t);
  const reply = await call(service.url, '/doggies/1/', { headers: { 'api-version': '2.1.0' } });
  t.equal(reply.headers.get('vary'), 'Accept, Api-Version, Authorization', 'Vary names it');
  const preflight = await fetch(`${service.url}/doggies/1/`, {
    method: 'OPTIONS',
    headers: { origin: 'https://app.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'api-version' },
  });
  t.equal(preflight.status, 204, 'preflight: 204');
  t.match(preflight.headers.get('access-control-allow-headers'), /(^|, )Api-Version(,|$)/, 'preflight: Api-Version allowed');
});

t.test("each versioned operation of a version's document declares Api-Version as a required header of that version only", async (t) => {
  const service = await startService(t);
  for (const version of ['2.1.0', NEWEST_VERSION]) {
    // Dereferenced: the parameter whole where each operation uses it.
    const document = dereferenced(await (await fetch(`${service.url}/openapi.json`, { headers: { 'api-version': version } })).json()).document as {
      info: { version: string };
      paths: Record<string, { get?: { parameters?: { name: string; in: string; required: boolean; schema: unknown }[]; description: string } }>;
    };
    t.equal(document.info.version, version, `${version}: the header chose the document`);
    for (const [path, item] of Object.entries(document.paths)) {
      if (item.get === undefined) continue;
      const declared = item.get.parameters?.find(({ name }) => name === 'Api-Version');
      if (item.get.description.includes('Outside API versioning')) {
        t.equal(declared, undefined, `${version} ${path}: unversioned, no Api-Version`);
        continue;
      }
      t.match(declared, { in: 'header', required: true, schema: { type: 'string', enum: [version], default: version } }, `${version} ${path}`);
    }
  }
});
