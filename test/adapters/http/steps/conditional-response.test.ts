import t from 'tap';
import { CacheControl } from '../../../../src/adapters/http/caching/cache-control.js';
import { EncodedBody, JsonText } from '../../../../src/adapters/http/response/prepared-bodies.js';
import type { ResponseHeaders } from '../../../../src/adapters/http/response/send-body.js';
import type { Route, ServedRoute } from '../../../../src/adapters/http/routing/route.js';
import { conditionalStatus } from '../../../../src/adapters/http/response/answer-parts.js';
import { Version } from '../../../../src/domain/versioning/version.js';
import { exchangeOf } from '../../../fixtures/exchange.js';
import { TEST_ROUTE_CONTRACT } from '../../../fixtures/route-contract.js';

const cacheControl = new CacheControl(3600, []);
const fixed: Route = { pattern: '/fixed/', contract: TEST_ROUTE_CONTRACT, handle: () => ({ body: {} }) };
const health: Route = { pattern: '/health/', unversioned: true, contract: TEST_ROUTE_CONTRACT, handle: () => ({ body: {} }) };
const page: ServedRoute = { pattern: '/docs/', unversioned: true, handle: () => ({ body: {} }) };
const version = Version.parse('5.0.0');

t.test('a 200 of a versioned route: its ETag and Cache-Control; a 304 when If-None-Match names the ETag', async (t) => {
  const body = new JsonText('{"a":1}');
  const headers: ResponseHeaders = {};
  t.equal(conditionalStatus(cacheControl, exchangeOf({ route: fixed, version }), { body }, headers), 200);
  t.match(headers, { ETag: /^"/, 'Cache-Control': 'public, max-age=3600' });
  const again: ResponseHeaders = {};
  t.equal(conditionalStatus(cacheControl, exchangeOf({ route: fixed, version, ifNoneMatch: headers.ETag as string }), { body }, again), 304);
  t.equal(again.ETag, headers.ETag, 'the 304 carries the ETag');
  t.equal(conditionalStatus(cacheControl, exchangeOf({ route: fixed, version, ifNoneMatch: '"other"' }), { body }, {}), 200, 'another ETag: the 200');
  t.not(
    headers.ETag,
    (() => {
      const other: ResponseHeaders = {};
      conditionalStatus(cacheControl, exchangeOf({ route: fixed, version: Version.parse('4.0.0') }), { body }, other);
      return other.ETag;
    })(),
    'another version, another ETag',
  );
});

t.test("a route's own Cache-Control is kept; a docs page is tagged; /health/, a non-200, another method or an unprepared body are not", async (t) => {
  const own: ResponseHeaders = { 'Cache-Control': 'no-cache' };
  conditionalStatus(
    cacheControl,
    exchangeOf({ route: page }),
    { body: new EncodedBody(Buffer.from('<p>'), 'text/html'), headers: { 'Cache-Control': 'no-cache' } },
    own,
  );
  t.match(own, { 'Cache-Control': 'no-cache', ETag: /^"/ });
  const untouched = (what: string, status: number, headers: ResponseHeaders) => {
    t.equal(status, 200, what);
    t.same(headers, {}, `${what}: no ETag`);
  };
  const body = new JsonText('{}');
  let headers: ResponseHeaders = {};
  untouched('health', conditionalStatus(cacheControl, exchangeOf({ route: health }), { body }, headers), headers);
  headers = {};
  untouched('OPTIONS', conditionalStatus(cacheControl, exchangeOf({ route: fixed, method: 'OPTIONS' }), { body }, headers), headers);
  headers = {};
  untouched('a plain object', conditionalStatus(cacheControl, exchangeOf({ route: fixed }), { body: { a: 1 } }, headers), headers);
  headers = {};
  t.equal(conditionalStatus(cacheControl, exchangeOf({ route: fixed }), { status: 301, body }, headers), 301, 'a 301 stays');
  t.same(headers, {});
  headers = {};
  untouched('no route', conditionalStatus(cacheControl, exchangeOf(), { body }, headers), headers);
});
