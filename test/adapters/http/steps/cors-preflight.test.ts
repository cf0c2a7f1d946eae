import t from 'tap';
import { CorsPolicy } from '../../../../src/adapters/http/cors/cors-policy.js';
import { preflight } from '../../../../src/adapters/http/steps/request-steps.js';
import { exchangeOf } from '../../../fixtures/exchange.js';

const cors = new CorsPolicy({ kind: 'list', origins: ['https://app.example'] }, 600);
const ORIGIN = 'https://app.example';

t.test('only an OPTIONS with Origin and Access-Control-Request-Method is a preflight', async (t) => {
  t.equal(preflight(cors, exchangeOf({ method: 'OPTIONS', origin: ORIGIN }), undefined), undefined, 'no method asked for');
  t.equal(preflight(cors, exchangeOf({ method: 'OPTIONS' }), 'GET'), undefined, 'no Origin');
  t.equal(preflight(cors, exchangeOf({ method: 'GET', origin: ORIGIN }), 'GET'), undefined, 'not OPTIONS');
});

t.test('an allowed origin and method: 204 with what is allowed', async (t) => {
  const exchange = exchangeOf({ method: 'OPTIONS', origin: ORIGIN, cors: { 'Access-Control-Allow-Origin': ORIGIN } });
  const answer = preflight(cors, exchange, 'GET');
  t.match(answer, {
    status: 204,
    body: undefined,
    headers: { 'Access-Control-Allow-Origin': ORIGIN, 'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS', 'Access-Control-Max-Age': '600' },
  });
});

t.test('a method or an origin not allowed: 204 with Allow alone, so that the browser refuses', async (t) => {
  t.same(preflight(cors, exchangeOf({ method: 'OPTIONS', origin: ORIGIN }), 'DELETE'), {
    status: 204,
    body: undefined,
    headers: { Allow: 'GET, HEAD, OPTIONS' },
  });
  t.same(preflight(cors, exchangeOf({ method: 'OPTIONS', origin: 'https://other.example' }), 'GET'), {
    status: 204,
    body: undefined,
    headers: { Allow: 'GET, HEAD, OPTIONS' },
  });
});
