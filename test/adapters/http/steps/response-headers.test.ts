import t from 'tap';
import { responseHeaders } from '../../../../src/adapters/http/response/answer-parts.js';
import { LifecycleHeaders } from '../../../../src/adapters/http/response/lifecycle-headers.js';
import type { Exchange } from '../../../../src/adapters/http/steps/exchange.js';
import { Version } from '../../../../src/domain/versioning/version.js';
import { exchangeOf } from '../../../fixtures/exchange.js';
import { lifecycleModel } from '../../../fixtures/lifecycle-history.js';

const lifecycle = new LifecycleHeaders(lifecycleModel().lifecycles);
const headers = {
  of: (exchange: Exchange, own: Readonly<Record<string, string>> | undefined) => responseHeaders('Accept, Origin', lifecycle, exchange, own),
};

t.test('the base headers, then CORS, then the route’s own, then the lifecycle of a deprecated version', async (t) => {
  const cors = { 'Access-Control-Allow-Origin': 'https://app.example' };
  const exchange = exchangeOf({ cors, version: Version.parse('2.1.0') });
  const made = headers.of(exchange, { 'Cache-Control': 'no-cache', Link: '</doggies/?offset=2>; rel="next"' });
  t.same(Object.keys(made), ['Vary', 'X-Content-Type-Options', 'Cache-Control', 'Access-Control-Allow-Origin', 'Link', 'Deprecation', 'Sunset']);
  t.match(made, { Vary: 'Accept, Origin', 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-cache', ...cors });
  t.match(
    made.Link,
    /^<\/doggies\/\?offset=2>; rel="next", <https:\/\/example\.com\/moving-off-2\.1\.0>; rel="deprecation"/,
    "the route's link first",
  );
  t.equal(made.Sunset, 'Tue, 01 Dec 2026 00:00:00 GMT');
});

t.test('no CORS, no own headers, no version: the base headers alone, a new object each time', async (t) => {
  const made = headers.of(exchangeOf(), undefined);
  t.same(made, { Vary: 'Accept, Origin', 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-store' });
  t.not(made, headers.of(exchangeOf(), undefined));
  t.same(headers.of(exchangeOf({ version: Version.parse('5.0.0') }), undefined), made, 'a version not deprecated adds nothing');
});
