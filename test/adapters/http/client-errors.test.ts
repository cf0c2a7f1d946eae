import t from 'tap';
import { rawRequest } from '../../fixtures/wire.js';
import { startService } from '../../fixtures/service.js';
import { BIKO_NEWEST } from '../../fixtures/versions.js';
import { call, parseRaw, rawHeader } from './fixtures/http-client.js';

const BAD_REQUEST = '{"detail":"Bad Request."}';

t.test('a request the HTTP parser refuses is answered 400 with a JSON body, and the connection closed', async (t) => {
  const service = await startService(t);
  const cases: [string, string][] = [
    ['garbage', 'GARBAGE\r\n\r\n'],
    ['binary noise', '\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03\r\n\r\n'],
    ['an unknown method token', 'FOO /doggies/ HTTP/1.1\r\nHost: x\r\n\r\n'],
    ['an unknown HTTP version', 'GET /doggies/ HTTP/9.9\r\nHost: x\r\n\r\n'],
    ['a header line without a colon', 'GET /doggies/ HTTP/1.1\r\nHost: x\r\nBad Header Line\r\n\r\n'],
    ['white space before the colon', 'GET /doggies/ HTTP/1.1\r\nHost : x\r\n\r\n'],
    ['a NUL in a header value', 'GET /doggies/ HTTP/1.1\r\nHost: x\r\nX-Test: a\x00b\r\n\r\n'],
    ['bare LF line endings', 'GET /doggies/ HTTP/1.1\nHost: x\n\n'],
    ['a Content-Length that is not a number', 'GET /doggies/ HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n'],
    ['two different Content-Length values', 'POST /doggies/ HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\nabcd'],
    [
      'Content-Length and Transfer-Encoding together',
      'POST /doggies/ HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
    ],
    ['a space in the request target', 'GET /dog gies/ HTTP/1.1\r\nHost: x\r\n\r\n'],
    ['a control character in the request target', 'GET /doggies/\x7f HTTP/1.1\r\nHost: x\r\n\r\n'],
  ];
  for (const [message, bytes] of cases) {
    const reply = parseRaw(await rawRequest(service.port, bytes));
    t.equal(reply.statusLine, 'HTTP/1.1 400 Bad Request', `${message}: 400`);
    t.equal(reply.body, BAD_REQUEST, `${message}: JSON body`);
    t.equal(rawHeader(reply, 'content-type'), 'application/json', `${message}: Content-Type`);
    t.equal(rawHeader(reply, 'content-length'), String(BAD_REQUEST.length), `${message}: Content-Length`);
    t.equal(rawHeader(reply, 'x-content-type-options'), 'nosniff', `${message}: nosniff`);
    t.equal(rawHeader(reply, 'connection'), 'close', `${message}: Connection: close`);
  }
  t.equal((await call(service.url, '/doggies/1/')).status, 200, 'the service still answers afterwards');
  t.same(service.stderr, [], 'nothing is logged as an unexpected error');
});

t.test('a header block that is too large is answered 431 with a JSON body', async (t) => {
  const service = await startService(t);
  const body = '{"detail":"Request Header Fields Too Large."}';
  const cases: [string, string][] = [
    ['one huge header', `GET /doggies/ HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`],
    ['very many headers', `GET /doggies/ HTTP/1.1\r\nHost: x\r\n${Array.from({ length: 3000 }, (_, i) => `X-${i}: v\r\n`).join('')}\r\n`],
    ['a huge request target', `GET /${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`],
    ['a huge Accept header', `GET /doggies/ HTTP/1.1\r\nHost: x\r\nAccept: application/json; version=${'1'.repeat(20_000)}\r\n\r\n`],
  ];
  for (const [message, bytes] of cases) {
    const reply = parseRaw(await rawRequest(service.port, bytes));
    t.equal(reply.statusLine, 'HTTP/1.1 431 Request Header Fields Too Large', `${message}: 431`);
    t.equal(reply.body, body, `${message}: JSON body`);
    t.equal(rawHeader(reply, 'content-type'), 'application/json', `${message}: Content-Type`);
    t.equal(rawHeader(reply, 'x-content-type-options'), 'nosniff', `${message}: nosniff`);
  }
  t.equal((await call(service.url, '/doggies/1/')).status, 200, 'the service still answers afterwards');
});

t.test('an HTTP/1.0 request without Host is served', async (t) => {
  const service = await startService(t);
  const reply = parseRaw(await rawRequest(service.port, 'GET /doggies/1/ HTTP/1.0\r\n\r\n'));
  t.equal(reply.statusLine, 'HTTP/1.1 200 OK', '200');
  t.equal(reply.body, JSON.stringify(BIKO_NEWEST), 'the record');
});

t.test('an HTTP/1.1 request without Host is answered 400 with a JSON body (node answers it itself, with no body)', async (t) => {
  const service = await startService(t);
  const reply = parseRaw(await rawRequest(service.port, 'GET /doggies/1/ HTTP/1.1\r\nConnection: close\r\n\r\n'));
  t.equal(reply.statusLine, 'HTTP/1.1 400 Bad Request', '400');
  t.equal(reply.body, '{"detail":"A request must carry exactly one Host header; this one has 0."}', 'JSON body');
  t.equal(rawHeader(reply, 'vary'), 'Accept, Api-Version, Authorization', 'Vary');
  t.equal(rawHeader(reply, 'content-type'), 'application/json', 'Content-Type');
});

t.test('an HTTP/1.1 request with two Host headers is answered 400 (RFC 9112 3.2)', async (t) => {
  const service = await startService(t);
  const reply = parseRaw(await rawRequest(service.port, 'GET /doggies/1/ HTTP/1.1\r\nHost: a\r\nHost: b\r\nConnection: close\r\n\r\n'));
  t.equal(reply.statusLine, 'HTTP/1.1 400 Bad Request', '400');
  t.equal(reply.body, '{"detail":"A request must carry exactly one Host header; this one has 2."}', 'JSON body');
  const http10 = parseRaw(await rawRequest(service.port, 'GET /doggies/1/ HTTP/1.0\r\nHost: a\r\nhost: b\r\n\r\n'));
  t.equal(http10.statusLine, 'HTTP/1.1 400 Bad Request', 'HTTP/1.0 with two Host headers: 400 too');
});

t.test('the answers made outside the request handler carry the Vary of every other answer', async (t) => {
  const requests: [string, string][] = [
    ["node's parser: 400", 'GARBAGE\r\n\r\n'],
    ["node's parser: 431", `GET /doggies/ HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`],
    ['an expectation: 417', 'GET /doggies/1/ HTTP/1.1\r\nHost: x\r\nExpect: teapot\r\n\r\n'],
    ['a last transfer coding not chunked: 400', 'GET /doggies/1/ HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n'],
    ['CONNECT: 405', 'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n'],
  ];
  const settings: [string, Record<string, string>, string][] = [
    ['CORS_ORIGINS=*', {}, 'Accept, Api-Version, Authorization'],
    ['CORS_ORIGINS listing origins', { CORS_ORIGINS: 'https://app.example' }, 'Accept, Api-Version, Authorization, Origin'],
  ];
  for (const [setting, env, vary] of settings) {
    const service = await startService(t, env);
    t.equal((await call(service.url, '/doggies/1/')).headers.get('vary'), vary, `${setting}: an answer of the handler`);
    for (const [what, bytes] of requests) {
      const reply = parseRaw(await rawRequest(service.port, bytes));
      t.equal(rawHeader(reply, 'vary'), vary, `${setting}, ${what}: the same Vary`);
    }
  }
});
