import t from 'tap';
import { startService } from '../../fixtures/service.js';
import { BIKO_NEWEST } from '../../fixtures/versions.js';
import { call, checkJsonHeaders, NOT_FOUND, rawCall, rawHeader } from './fixtures/http-client.js';

const PATHS = ['/version/', '/version/my_version/', '/doggies/', '/doggies/1/', '/cats/', '/cats/1/'];
const ALLOW = 'GET, HEAD, OPTIONS';

t.test('OPTIONS on a known path: 204 with Allow and no body', async (t) => {
  const service = await startService(t);
  for (const path of PATHS) {
    const reply = await call(service.url, path, { method: 'OPTIONS' });
    t.equal(reply.status, 204, `${path}: 204`);
    t.equal(reply.headers.get('allow'), ALLOW, `${path}: Allow`);
    t.equal(reply.text, '', `${path}: no body`);
    t.equal(reply.headers.get('content-type'), null, `${path}: no Content-Type without a body`);
    t.equal(reply.headers.get('x-content-type-options'), 'nosniff', `${path}: nosniff`);
  }
  const unknown = await call(service.url, '/nope/', { method: 'OPTIONS' });
  t.equal(unknown.status, 404, 'OPTIONS on an unknown path: 404');
  t.same(unknown.json, NOT_FOUND, 'OPTIONS on an unknown path: Not found.');
});

t.test('any other method on a known path: 405 with Allow', async (t) => {
  const service = await startService(t);
  for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
    for (const path of PATHS) {
      const reply = await call(service.url, path, { method, headers: { accept: 'application/json; version=3.0.0' } });
      t.equal(reply.status, 405, `${method} ${path}: 405`);
      t.equal(reply.headers.get('allow'), ALLOW, `${method} ${path}: Allow`);
      t.same(reply.json, { detail: `Method "${method}" not allowed.` }, `${method} ${path}: body`);
      checkJsonHeaders(t, reply, undefined, `${method} ${path}`);
    }
  }
  const trace = await rawCall(service.port, 'TRACE', '/doggies/');
  t.equal(trace.statusLine, 'HTTP/1.1 405 Method Not Allowed', 'TRACE: 405');
  t.equal(trace.body, '{"detail":"Method \\"TRACE\\" not allowed."}', 'TRACE: body names the method');
  const unknown = await call(service.url, '/nope/', { method: 'POST' });
  t.equal(unknown.status, 404, 'POST on an unknown path: 404, not 405');
});

t.test('a known path without its trailing slash: 301 to the slash form, query string kept', async (t) => {
  const service = await startService(t);
  const cases: [string, string][] = [
    ['/version', '/version/'],
    ['/version/my_version', '/version/my_version/'],
    ['/doggies', '/doggies/'],
    ['/doggies/1', '/doggies/1/'],
    ['/cats', '/cats/'],
    ['/cats/2', '/cats/2/'],
    ['/doggies?limit=2&offset=1', '/doggies/?limit=2&offset=1'],
    ['/doggies/1?x=%20y', '/doggies/1/?x=%20y'],
    ['/cats?', '/cats/'],
    ['/doggies/abc', '/doggies/abc/'],
  ];
  for (const [path, location] of cases) {
    const reply = await call(service.url, path, { headers: { accept: 'application/json; version=3.0.0' } });
    t.equal(reply.status, 301, `${path}: 301`);
    t.equal(reply.headers.get('location'), location, `${path}: Location ${location}`);
    t.match(reply.json, { detail: String }, `${path}: a JSON body with detail`);
    checkJsonHeaders(t, reply, undefined, path);
  }
  const followed = await fetch(`${service.url}/doggies?limit=1`);
  t.equal(followed.status, 200, 'following the redirect reaches the record');
  t.same(await followed.json(), [BIKO_NEWEST], 'following the redirect: the page, its query kept');
});

t.test('a path with no slash form among the routes is not redirected', async (t) => {
  const service = await startService(t);
  for (const path of ['/nope', '/doggies/1/extra', '/version/other', '/Doggies', '/doggies/1/2']) {
    const reply = await call(service.url, path);
    t.equal(reply.status, 404, `${path}: 404`);
    t.equal(reply.headers.get('location'), null, `${path}: no Location`);
  }
});

t.test('the redirect goes before the method and version checks', async (t) => {
  const service = await startService(t);
  const post = await call(service.url, '/doggies', { method: 'POST' });
  t.equal(post.status, 301, 'POST /doggies: 301');
  const bad = await call(service.url, '/doggies', { headers: { accept: 'application/json; version=9.9.9' } });
  t.equal(bad.status, 301, 'bad version on /doggies: 301 (the version is checked on the slash form)');
});

t.test('HEAD answers with the status and headers of GET, and no body', async (t) => {
  const service = await startService(t);
  const cases: [string, Record<string, string>][] = [
    ['/version/', {}],
    ['/version/my_version/', { Accept: 'application/json; version=2.1.0' }],
    ['/doggies/', { Accept: 'application/json; version=3.0.0' }],
    ['/doggies/?limit=2&offset=1', {}],
    ['/doggies/1/', { Accept: 'application/json; version=3.0.0' }],
    ['/cats/', { Accept: 'application/json; version=1.0.0' }],
    ['/cats/1/', { Accept: 'application/json; version=3.0.0' }],
    ['/doggies/1/', { Accept: 'application/json; version=1.0.0' }],
    ['/doggies/999/', {}],
    ['/nope/', {}],
    ['/doggies/', { Accept: 'application/json; version=9.9.9' }],
    ['/doggies/?limit=0', {}],
    ['/doggies', {}],
  ];
  for (const [target, headers] of cases) {
    const what = `${target} ${JSON.stringify(headers)}`;
    const get = await rawCall(service.port, 'GET', target, headers);
    const head = await rawCall(service.port, 'HEAD', target, headers);
    t.equal(head.statusLine, get.statusLine, `${what}: same status`);
    const withoutDate = (reply: typeof get) => reply.headers.filter(([name]) => name !== 'date');
    t.same(withoutDate(head), withoutDate(get), `${what}: same headers, Content-Length included`);
    t.equal(head.body, '', `${what}: HEAD has no body`);
    t.not(get.body, '', `${what}: GET has one`);
    t.equal(rawHeader(head, 'content-length'), String(Buffer.byteLength(get.body, 'latin1')), `${what}: Content-Length is the GET body's`);
  }
});
