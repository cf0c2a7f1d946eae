import t from 'tap';
import { MAX_QUERY_PARAMETERS, parseQuery, parseRequestTarget } from '../../../../src/adapters/http/request/request-target.js';
import { startService } from '../../../fixtures/service.js';
import { rawRequest } from '../../../fixtures/wire.js';
import { parseRaw, rawCall, rawHeader, waitForLines } from '../fixtures/http-client.js';
import { BadRequestError } from '../../../../src/adapters/http/request/refusals.js';

t.test('parseRequestTarget splits origin-form and absolute-form targets into path and query', async (t) => {
  const cases: [string, string, { path: string; queryString: string }][] = [
    ['a path', '/doggies/', { path: '/doggies/', queryString: '' }],
    ['a path and query', '/doggies/?limit=2&offset=1', { path: '/doggies/', queryString: 'limit=2&offset=1' }],
    ['an empty query', '/doggies/?', { path: '/doggies/', queryString: '' }],
    ['a second ? belongs to the query', '/doggies/?a=1?b=2', { path: '/doggies/', queryString: 'a=1?b=2' }],
    ['percent-encoding is kept as sent', '/dog%67ies/?q=%20', { path: '/dog%67ies/', queryString: 'q=%20' }],
    ['absolute-form', 'http://example.com/doggies/1/', { path: '/doggies/1/', queryString: '' }],
    ['absolute-form with port and query', 'http://example.com:8080/cats/?limit=1', { path: '/cats/', queryString: 'limit=1' }],
    ['absolute-form, scheme in capitals', 'HTTPS://EXAMPLE.COM/version/', { path: '/version/', queryString: '' }],
    ['absolute-form with user info', 'http://user:pw@example.com/version/', { path: '/version/', queryString: '' }],
    ['absolute-form with no path', 'http://example.com', { path: '', queryString: '' }],
    ['absolute-form with a query and no path', 'http://example.com?limit=1', { path: '', queryString: 'limit=1' }],
    ['asterisk-form', '*', { path: '*', queryString: '' }],
    ['a scheme-like text inside the path is not stripped', '/doggies/http://x/', { path: '/doggies/http://x/', queryString: '' }],
    ['nor inside the query of a target in no form', '?next=http://x/y', { path: '', queryString: 'next=http://x/y' }],
  ];
  for (const [message, target, expected] of cases) {
    t.same(parseRequestTarget(target), expected, `${message}: ${target}`);
  }
});

t.test('an absolute-form request target is served by its path', async (t) => {
  const service = await startService(t);
  const detail = await rawCall(service.port, 'GET', 'http://example.com/doggies/1/', { Accept: 'application/json; version=2.1.0' });
  t.equal(detail.statusLine, 'HTTP/1.1 200 OK', 'absolute-form detail: 200');
  t.equal(detail.body, '{"id":1,"name":"Biko","birthday":"2014-05-06","age":12}', 'absolute-form detail: the record at 2.1.0');

  const list = await rawCall(service.port, 'GET', 'HTTP://EXAMPLE.COM:8080/doggies/?limit=2');
  t.equal(
    rawHeader(list, 'link'),
    '</doggies/?limit=2&starting_after=2>; rel="next"',
    'absolute-form list: Link is built from the path, not the foreign host',
  );

  const redirect = await rawCall(service.port, 'GET', 'http://evil.example/cats?limit=1');
  t.equal(redirect.statusLine, 'HTTP/1.1 301 Moved Permanently', 'absolute-form without slash: 301');
  t.equal(rawHeader(redirect, 'location'), '/cats/?limit=1', 'absolute-form without slash: Location is a local path, never the foreign host');

  const bare = await rawCall(service.port, 'GET', 'http://example.com');
  t.equal(bare.statusLine, 'HTTP/1.1 404 Not Found', 'absolute-form with no path: 404');
  t.equal(bare.body, '{"detail":"Not found."}', 'absolute-form with no path: Not found.');

  await waitForLines(service.stdout, 4);
  t.match(JSON.parse(service.stdout[0] as string), { path: '/doggies/1/' }, 'the access log shows the path, not the absolute URL');
});

t.test('a redirect never leaves the service', async (t) => {
  const service = await startService(t);
  for (const target of ['//evil.example/doggies', '/\\evil.example/doggies', '//doggies', '/%2Fevil.example/doggies']) {
    const reply = await rawCall(service.port, 'GET', target);
    t.equal(reply.statusLine, 'HTTP/1.1 404 Not Found', `${target}: 404`);
    t.equal(rawHeader(reply, 'location'), undefined, `${target}: no Location`);
  }
});

t.test('parseQuery reads MAX_QUERY_PARAMETERS parameters, and refuses more before reading any', async (t) => {
  const parsed = (query: string): URLSearchParams => parseQuery(query) as URLSearchParams;
  const atLimit = parsed(Array.from({ length: MAX_QUERY_PARAMETERS }, (_, index) => `p${index}=${index}`).join('&'));
  t.equal([...atLimit.keys()].length, MAX_QUERY_PARAMETERS, `${MAX_QUERY_PARAMETERS} parameters: read`);
  t.same(parsed('limit=2&offset=1').getAll('limit'), ['2'], 'the values');
  t.equal([...parsed('').keys()].length, 0, 'an empty query has none');
  const message = `The query string has more than ${MAX_QUERY_PARAMETERS} parameters; the limit is ${MAX_QUERY_PARAMETERS}.`;
  for (const [what, query] of [
    ['one more', `${'x=1&'.repeat(MAX_QUERY_PARAMETERS)}x=1`],
    ['separators only, the first one first', '&'.repeat(MAX_QUERY_PARAMETERS)],
  ]) {
    const error = parseQuery(query as string);
    t.ok(error instanceof BadRequestError, `${what as string}: refused, as a value`);
    t.match(error, { code: 'bad_request', message }, `${what as string}: naming the limit`);
  }
});

t.test('a request carries one Host header, in any case, beside any other header; HTTP/1.0 may carry none', async (t) => {
  const service = await startService(t, { ACCESS_LOG: 'off' });
  const send = async (request: string) => parseRaw(await rawRequest(service.port, `${request}\r\n`));
  const served: [string, string][] = [
    ['one Host beside another header of four letters', 'GET /doggies/1/ HTTP/1.1\r\nHost: a\r\nFrom: b@example.com\r\nConnection: close\r\n'],
    ['HOST in capitals', 'GET /doggies/1/ HTTP/1.1\r\nHOST: a\r\nConnection: close\r\n'],
    ['HTTP/1.0 without Host', 'GET /doggies/1/ HTTP/1.0\r\n'],
  ];
  for (const [what, request] of served) t.equal((await send(request)).statusLine, 'HTTP/1.1 200 OK', `${what}: 200`);
  const refused: [string, string, number][] = [
    ['HTTP/1.1 without Host', 'GET /doggies/1/ HTTP/1.1\r\nConnection: close\r\n', 0],
    ['two Host headers', 'GET /doggies/1/ HTTP/1.1\r\nHost: a\r\nhost: a\r\nConnection: close\r\n', 2],
  ];
  for (const [what, request, hosts] of refused) {
    const reply = await send(request);
    t.equal(reply.statusLine, 'HTTP/1.1 400 Bad Request', `${what}: 400`);
    t.equal(reply.body, JSON.stringify({ detail: `A request must carry exactly one Host header; this one has ${hosts}.` }), `${what}: counted`);
  }
});
