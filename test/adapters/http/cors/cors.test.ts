import t from 'tap';
import { rawRequest } from '../../../fixtures/wire.js';
import { startService, acceptVersion } from '../../../fixtures/service.js';
import { parseRaw, rawHeader } from '../fixtures/http-client.js';

/** Response headers a script may read without their being exposed (the Fetch standard's CORS-safelisted ones). */
const SAFELISTED = new Set(['cache-control', 'content-language', 'content-length', 'content-type', 'expires', 'last-modified', 'pragma']);
/** Headers of the connection, not of the response's content, and the docs page's policy, which only its page obeys. */
const NOT_EXPOSED = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-security-policy']);

const ORIGIN = 'https://app.example';
const OTHER = 'https://evil.example';

async function get(url: string, headers: Record<string, string>, method = 'GET'): Promise<Response> {
  const response = await fetch(url, { method, headers, redirect: 'manual' });
  await response.arrayBuffer();
  return response;
}

const preflight = (url: string, origin: string, method: string, extra: Record<string, string> = {}) =>
  get(url, { origin, 'access-control-request-method': method, ...extra }, 'OPTIONS');

t.test('CORS_ORIGINS=* (the default): every response, errors included, lets any origin read it and its headers', async (t) => {
  const service = await startService(t);
  const targets: [string, Record<string, string>][] = [
    ['/doggies/1/', acceptVersion('2.1.0')],
    ['/doggies/?limit=2', acceptVersion('1.0.0')],
    ['/doggies/1/', acceptVersion('1.0.0')],
    ['/doggies/1/', acceptVersion('9.9.9')],
    ['/doggies/1/', { accept: 'application/json; version="2.1.0"' }],
    ['/nowhere/', {}],
    ['/doggies', {}],
    ['/version/', {}],
    ['/openapi.json', {}],
    ['/health/', {}],
    ['/docs/', {}],
  ];
  const sent = new Set<string>();
  for (const [path, headers] of targets) {
    for (const origin of [ORIGIN, undefined]) {
      const response = await get(`${service.url}${path}`, origin === undefined ? headers : { ...headers, origin });
      const what = `${path} ${JSON.stringify(headers)} ${origin ?? 'without Origin'}: ${response.status}`;
      t.equal(response.headers.get('access-control-allow-origin'), '*', `${what}: Access-Control-Allow-Origin *`);
      t.equal(response.headers.get('access-control-allow-credentials'), null, `${what}: never credentials`);
      t.equal(response.headers.get('vary'), 'Accept, Api-Version, Authorization', `${what}: the same answer for every origin, so no Vary: Origin`);
      for (const [name] of response.headers) sent.add(name);
    }
  }
  for (const response of [await get(`${service.url}/doggies/`, { origin: ORIGIN }, 'DELETE'), await get(`${service.url}/doggies/`, {}, 'OPTIONS')]) {
    for (const [name] of response.headers) sent.add(name);
  }
  const exposed = (await get(`${service.url}/doggies/`, { origin: ORIGIN })).headers.get('access-control-expose-headers') ?? '';
  const names = new Set(exposed.toLowerCase().split(', '));
  for (const name of sent) {
    if (SAFELISTED.has(name) || NOT_EXPOSED.has(name) || name.startsWith('access-control-')) continue;
    t.ok(names.has(name), `${name} is sent, and exposed`);
  }
  for (const name of ['etag', 'link', 'x-total-count', 'deprecation', 'sunset', 'api-supported-versions'])
    t.ok(names.has(name), `${name} is exposed`);
});

t.test("CORS_ORIGINS=*: the answers node's parser makes (431, 400, 417, CONNECT's 405) let any origin read them too", async (t) => {
  for (const [env, expected] of [
    [{}, '*'],
    [{ CORS_ORIGINS: ORIGIN }, undefined],
  ] as const) {
    const service = await startService(t, env);
    const requests = [
      `GET /doggies/ HTTP/1.1\r\nHost: x\r\nOrigin: ${ORIGIN}\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      `GET /doggies/ HTTP/1.1\r\nHost: x\r\nOrigin: ${ORIGIN}\r\nContent-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n`,
      `GET /doggies/ HTTP/1.1\r\nHost: x\r\nOrigin: ${ORIGIN}\r\nExpect: 200-ok\r\n\r\n`,
      `CONNECT x:443 HTTP/1.1\r\nHost: x\r\nOrigin: ${ORIGIN}\r\n\r\n`,
    ];
    for (const request of requests) {
      const reply = parseRaw(await rawRequest(service.port, request));
      const what = `${JSON.stringify(env)} ${reply.statusLine}`;
      t.equal(rawHeader(reply, 'access-control-allow-origin'), expected, `${what}: Access-Control-Allow-Origin`);
      t.equal(rawHeader(reply, 'cache-control'), 'no-store', `${what}: no-store`);
    }
  }
});

t.test('a preflight is answered apart from version discovery, whatever Accept says', async (t) => {
  const service = await startService(t, { CORS_MAX_AGE: '600' });
  for (const accept of ['application/json; version="2.1.0"', 'application/json; version=9.9.9', 'text/html']) {
    for (const path of ['/doggies/', '/doggies/1/', '/nowhere/']) {
      const response = await preflight(`${service.url}${path}`, ORIGIN, 'GET', { accept, 'access-control-request-headers': 'accept, if-none-match' });
      const what = `${path} with Accept ${accept}`;
      t.equal(response.status, 204, `${what}: 204`);
      t.equal(response.headers.get('access-control-allow-origin'), '*', what);
      t.equal(response.headers.get('access-control-allow-methods'), 'GET, HEAD, OPTIONS, PUT', what);
      t.equal(response.headers.get('access-control-allow-headers'), 'Accept, Api-Version, Authorization, Content-Type, If-None-Match', what);
      t.equal(response.headers.get('access-control-max-age'), '600', `${what}: CORS_MAX_AGE`);
      t.equal(response.headers.get('api-supported-versions'), null, `${what}: no version discovery`);
      t.equal(response.headers.get('access-control-allow-credentials'), null, `${what}: never credentials`);
    }
  }
  const discovery = await get(`${service.url}/doggies/`, { origin: ORIGIN }, 'OPTIONS');
  t.equal(discovery.status, 204, 'OPTIONS without Access-Control-Request-Method is version discovery');
  t.ok(discovery.headers.get('api-supported-versions'), 'discovery names the versions');
  t.equal(discovery.headers.get('access-control-allow-methods'), null, 'and is no preflight answer');
  for (const method of ['POST', 'DELETE', 'PATCH', 'get']) {
    const refused = await preflight(`${service.url}/doggies/`, ORIGIN, method);
    t.equal(refused.status, 204, `${method}: answered`);
    const cors = [...refused.headers.keys()].filter((name) => name.startsWith('access-control-'));
    t.same(cors, [], `${method}: no CORS header, so the browser refuses it`);
  }
});

t.test('CORS_ORIGINS lists origins: only those are let in, each echoed, and every response varies by Origin', async (t) => {
  const service = await startService(t, { CORS_ORIGINS: `${ORIGIN},http://localhost:3000` });
  for (const origin of [ORIGIN, 'http://localhost:3000']) {
    const response = await get(`${service.url}/doggies/1/`, { origin, ...acceptVersion('2.1.0') });
    t.equal(response.headers.get('access-control-allow-origin'), origin, `${origin} is echoed`);
    t.match(response.headers.get('access-control-expose-headers'), /ETag/, `${origin}: headers exposed`);
    t.equal(
      response.headers.get('vary'),
      'Accept, Api-Version, Authorization, Origin',
      `${origin}: Vary: Accept, Api-Version, Authorization, Origin`,
    );
    const error = await get(`${service.url}/doggies/1/`, { origin, ...acceptVersion('9.9.9') });
    t.equal(error.headers.get('access-control-allow-origin'), origin, `${origin}: on a 406 too`);
    const allowed = await preflight(`${service.url}/doggies/`, origin, 'GET');
    t.equal(allowed.headers.get('access-control-allow-origin'), origin, `${origin}: its preflight passes`);
  }
  for (const origin of [OTHER, 'https://app.example.evil', 'null', `${ORIGIN}/`]) {
    const response = await get(`${service.url}/doggies/1/`, { origin });
    t.equal(response.headers.get('access-control-allow-origin'), null, `${origin}: not let in`);
    t.equal(response.headers.get('access-control-expose-headers'), null, `${origin}: nothing exposed`);
    t.equal(
      response.headers.get('vary'),
      'Accept, Api-Version, Authorization, Origin',
      `${origin}: Vary: Accept, Api-Version, Authorization, Origin`,
    );
    const refused = await preflight(`${service.url}/doggies/`, origin, 'GET');
    t.equal(refused.headers.get('access-control-allow-origin'), null, `${origin}: its preflight gets no CORS header`);
  }
  const plain = await get(`${service.url}/doggies/1/`, {});
  t.equal(plain.headers.get('access-control-allow-origin'), null, 'no Origin: no CORS header');
  t.equal(
    plain.headers.get('vary'),
    'Accept, Api-Version, Authorization, Origin',
    'no Origin: Vary: Accept, Api-Version, Authorization, Origin all the same',
  );
});

t.test('CORS_ORIGINS=none: no CORS header ever', async (t) => {
  const service = await startService(t, { CORS_ORIGINS: 'none' });
  const response = await get(`${service.url}/doggies/1/`, { origin: ORIGIN });
  t.equal(response.headers.get('access-control-allow-origin'), null, 'a GET');
  t.equal(response.headers.get('vary'), 'Accept, Api-Version, Authorization', 'Vary: Accept, Api-Version, Authorization');
  const refused = await preflight(`${service.url}/doggies/`, ORIGIN, 'GET');
  t.equal(refused.status, 204, 'a preflight is answered');
  t.equal(refused.headers.get('access-control-allow-origin'), null, 'with no CORS header');
});
