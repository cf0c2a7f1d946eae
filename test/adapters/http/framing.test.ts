import { METHODS } from 'node:http';
import t, { type Test } from 'tap';
import { startService } from '../../fixtures/service.js';
import { BIKO_NEWEST, newestDog } from '../../fixtures/versions.js';
import { header, WireConnection, within, type WireResponse } from '../../fixtures/wire.js';

const LAIKA = newestDog({ id: 2, name: 'Laika', birthday: '2019-11-03' });

function checkJson(t: Test, response: WireResponse, status: number, body: unknown, what: string): void {
  t.equal(response.status, status, `${what}: ${status}`);
  t.same(JSON.parse(response.body), body, `${what}: body`);
  t.match(header(response, 'content-type'), /^application\/json(; version=\d+\.\d+\.\d+)?$/, `${what}: Content-Type`);
  t.equal(header(response, 'x-content-type-options'), 'nosniff', `${what}: nosniff`);
}

/** Sends the bytes on a new connection and reads every response until the server closes it. */
async function exchange(port: number, bytes: string, options: { bodiless?: boolean } = {}): Promise<WireResponse[]> {
  const connection = await WireConnection.open(port, options);
  connection.write(bytes);
  const responses: WireResponse[] = [];
  for (;;) {
    const response = await connection.nextResponse().catch((error: Error) => (connection.isClosed ? undefined : Promise.reject(error)));
    if (response === undefined) break;
    responses.push(response);
  }
  if (connection.unread !== '') throw new Error(`bytes after the last response: ${JSON.stringify(connection.unread)}`);
  return responses;
}

t.test('a body on GET is read past and answered normally; the connection stays usable', async (t) => {
  const service = await startService(t, { ACCESS_LOG: 'off' });
  const next = 'GET /doggies/2/ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n';
  const cases: [string, string][] = [
    ['a Content-Length body', `GET /doggies/1/ HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello${next}`],
    ['a chunked body', `GET /doggies/1/ HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n${next}`],
    ['a JSON body', `GET /doggies/1/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 11\r\n\r\n{"id": 99}\n${next}`],
  ];
  for (const [what, bytes] of cases) {
    const responses = await exchange(service.port, bytes);
    t.equal(responses.length, 2, `${what}: two responses`);
    checkJson(t, responses[0] as WireResponse, 200, BIKO_NEWEST, `${what}: the GET`);
    t.equal(header(responses[0] as WireResponse, 'connection'), 'keep-alive', `${what}: keeping the connection`);
    checkJson(t, responses[1] as WireResponse, 200, LAIKA, `${what}: the next request on the connection`);
  }
  const head = await exchange(
    service.port,
    'HEAD /doggies/1/ HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabcHEAD /doggies/2/ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    { bodiless: true },
  );
  t.same(
    head.map((response) => response.status),
    [200, 200],
    'a body on HEAD: both HEAD requests answered on one connection',
  );
});

t.test('a request hidden in a GET body is never run as a request (no smuggling)', async (t) => {
  const service = await startService(t);
  const hidden = 'GET /doggies/3/ HTTP/1.1\r\nHost: x\r\n\r\n';
  const bytes = `GET /doggies/1/ HTTP/1.1\r\nHost: x\r\nContent-Length: ${hidden.length}\r\n\r\n${hidden}GET /doggies/2/ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`;
  const responses = await exchange(service.port, bytes);
  t.same(
    responses.map((response) => JSON.parse(response.body) as unknown),
    [BIKO_NEWEST, LAIKA],
    'dog 1, then dog 2: the body was a body',
  );
  const paths = service.stdout.map((line) => (JSON.parse(line) as { path: string }).path);
  t.same(paths, ['/doggies/1/', '/doggies/2/'], 'the access log shows no /doggies/3/');
});

t.test('conflicting or malformed framing is refused with a JSON 400 and the connection closed, nothing after it run', async (t) => {
  const service = await startService(t, { ACCESS_LOG: 'off' });
  const get = (headers: string, body = '') =>
    `GET /doggies/1/ HTTP/1.1\r\nHost: x\r\n${headers}\r\n${body}GET /doggies/2/ HTTP/1.1\r\nHost: x\r\n\r\n`;
  const cases: [string, string][] = [
    ['Content-Length and Transfer-Encoding', get('Content-Length: 5\r\nTransfer-Encoding: chunked\r\n', '0\r\n\r\n')],
    ['Transfer-Encoding and then Content-Length', get('Transfer-Encoding: chunked\r\nContent-Length: 5\r\n', '0\r\n\r\n')],
    ['two Content-Length values', get('Content-Length: 1\r\nContent-Length: 2\r\n', 'ab')],
    ['the same Content-Length twice', get('Content-Length: 0\r\nContent-Length: 0\r\n')],
    ['a Content-Length list', get('Content-Length: 0, 0\r\n')],
    ['a negative Content-Length', get('Content-Length: -1\r\n')],
    ['a signed Content-Length', get('Content-Length: +1\r\n', 'a')],
    ['a Content-Length past 2^64', get('Content-Length: 99999999999999999999999\r\n')],
    ['Transfer-Encoding: identity', get('Transfer-Encoding: identity\r\n')],

    ['chunked not last', get('Transfer-Encoding: chunked, identity\r\n', '0\r\n\r\n')],
    ['Transfer-Encoding twice', get('Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n', '0\r\n\r\n')],
    ['Transfer-Encoding folded onto a second line', get('Transfer-Encoding:\r\n chunked\r\n', '0\r\n\r\n')],
    ['white space before the colon of Transfer-Encoding', get('Transfer-Encoding : chunked\r\n', '0\r\n\r\n')],
    ['a bad chunk size', get('Transfer-Encoding: chunked\r\n', 'zz\r\n\r\n')],
    ['a chunk longer than announced', get('Transfer-Encoding: chunked\r\n', '1\r\nabc\r\n0\r\n\r\n')],
    ['a lowercase method', 'get /doggies/1/ HTTP/1.1\r\nHost: x\r\n\r\n'],
    ['an unknown method', 'BREW /doggies/1/ HTTP/1.1\r\nHost: x\r\n\r\n'],
    ['the HTTP/2 preface', 'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n'],
    ['a target that is not a path', 'GET doggies/1/ HTTP/1.1\r\nHost: x\r\n\r\n'],
    ['bytes above 0x7f in the target', 'GET /doggies/\xff\xfe/ HTTP/1.1\r\nHost: x\r\n\r\n'],
  ];
  for (const [what, bytes] of cases) {
    const responses = await exchange(service.port, bytes);
    if (responses.length === 1 && responses[0]?.status === 200) {
      // The GET was answered from its headers before its body broke: the connection is closed with no
      // second answer, which the client would take for the answer to its next request.
      checkJson(t, responses[0], 200, BIKO_NEWEST, `${what}: the GET, answered before its body broke`);
      continue;
    }
    t.equal(responses.length, 1, `${what}: one response`);
    checkJson(t, responses[0] as WireResponse, 400, { detail: 'Bad Request.' }, what);
    t.equal(header(responses[0] as WireResponse, 'connection'), 'close', `${what}: Connection: close`);
  }
  t.same(service.stderr, [], 'nothing logged as an unexpected error');
});

t.test('a request whose last transfer coding is not chunked is a JSON 400, never run, and the connection closed (RFC 9112 6.1)', async (t) => {
  const service = await startService(t);
  const codings = ['xchunked', 'gzip', 'chunked, x', 'chunkedx', 'gzip, xchunked'];
  for (const coding of codings) {
    const responses = await exchange(
      service.port,
      `GET /doggies/1/ HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: ${coding}\r\n\r\n0\r\n\r\nGET /doggies/2/ HTTP/1.1\r\nHost: x\r\n\r\n`,
    );
    t.equal(responses.length, 1, `${coding}: one response`);
    checkJson(t, responses[0] as WireResponse, 400, { detail: 'Bad Request.' }, coding);
    t.equal(header(responses[0] as WireResponse, 'connection'), 'close', `${coding}: Connection: close`);
  }
  t.equal(service.stdout.length, 0, 'none run, so none in the access log');
  const chunked = await exchange(
    service.port,
    'GET /doggies/1/ HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip, Chunked\r\nConnection: close\r\n\r\n0\r\n\r\n',
  );
  t.same(
    chunked.map(({ status }) => status),
    [200],
    'a coding list that ends in chunked, in any case, is served',
  );
});

t.test('every method node knows is answered with JSON: GET, HEAD, OPTIONS served, the others 405 with Allow', async (t) => {
  const service = await startService(t, { ACCESS_LOG: 'off' });
  for (const method of METHODS) {
    const target = method === 'CONNECT' ? '127.0.0.1:80' : '/doggies/1/';
    const [response, ...more] = await exchange(service.port, `${method} ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`, {
      bodiless: method === 'HEAD',
    });
    t.equal(more.length, 0, `${method}: one response`);
    if (method === 'GET') {
      checkJson(t, response as WireResponse, 200, BIKO_NEWEST, method);
    } else if (method === 'HEAD') {
      t.equal(response?.status, 200, 'HEAD: 200 with no body');
    } else if (method === 'OPTIONS') {
      t.equal(response?.status, 204, 'OPTIONS: 204');
      t.equal(header(response as WireResponse, 'allow'), 'GET, HEAD, OPTIONS', 'OPTIONS: Allow');
    } else {
      checkJson(t, response as WireResponse, 405, { detail: `Method "${method}" not allowed.` }, method);
      t.equal(header(response as WireResponse, 'allow'), 'GET, HEAD, OPTIONS', `${method}: Allow`);
    }
  }
});

t.test('CONNECT, which node hands to no request handler, is a JSON 405 and the connection is closed', async (t) => {
  const service = await startService(t);
  const connection = await WireConnection.open(service.port);
  connection.write('CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\nGET /doggies/2/ HTTP/1.1\r\nHost: x\r\n\r\n');
  const response = await connection.nextResponse();
  checkJson(t, response, 405, { detail: 'Method "CONNECT" not allowed.' }, 'CONNECT');
  t.equal(header(response, 'allow'), 'GET, HEAD, OPTIONS', 'with Allow');
  t.equal(header(response, 'connection'), 'close', 'Connection: close');
  await within(connection.closed, 5000, 'the connection closes');
  t.equal(connection.unread, '', 'and nothing tunnelled after it was answered');
});

t.test('Expect: 100-continue is honoured; any other expectation is a JSON 417', async (t) => {
  const service = await startService(t, { ACCESS_LOG: 'off' });
  const [served] = await exchange(service.port, 'GET /doggies/1/ HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n');
  checkJson(t, served as WireResponse, 200, BIKO_NEWEST, 'Expect: 100-continue');
  const responses = await exchange(
    service.port,
    'GET /doggies/1/ HTTP/1.1\r\nHost: x\r\nExpect: teapot\r\n\r\nGET /doggies/2/ HTTP/1.1\r\nHost: x\r\n\r\n',
  );
  t.equal(responses.length, 1, 'an unknown expectation: one response, then the connection closes');
  checkJson(t, responses[0] as WireResponse, 417, { detail: 'Only "Expect: 100-continue" is understood.' }, 'Expect: teapot');
});

t.test('an Upgrade request is served as a plain request (no protocol switch)', async (t) => {
  const service = await startService(t, { ACCESS_LOG: 'off' });
  const [response] = await exchange(service.port, 'GET /doggies/1/ HTTP/1.1\r\nHost: x\r\nConnection: Upgrade, close\r\nUpgrade: websocket\r\n\r\n');
  checkJson(t, response as WireResponse, 200, BIKO_NEWEST, 'Upgrade: websocket');
});

t.test('a body that breaks after its request was answered closes the connection with no second answer', async (t) => {
  const service = await startService(t, { ACCESS_LOG: 'off', HEADERS_TIMEOUT_MS: '300', REQUEST_TIMEOUT_MS: '300' });
  const cases: [string, string, string][] = [
    ['a bad chunk', 'GET /doggies/1/ HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n', '1\r\nabc\r\n0\r\n\r\n'],
    ['a body slower than REQUEST_TIMEOUT_MS', 'GET /doggies/1/ HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n', 'only part of it'],
  ];
  for (const [what, head, body] of cases) {
    const connection = await WireConnection.open(service.port);
    connection.write(head);
    checkJson(t, await connection.nextResponse(), 200, BIKO_NEWEST, `${what}: the GET is answered from its headers`);
    connection.write(body);
    await within(connection.closed, 5000, `${what}: the connection is closed`);
    t.equal(connection.unread, '', `${what}: with no second response`);
  }
});
