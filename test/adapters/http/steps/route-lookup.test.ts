import t from 'tap';
import type { Route } from '../../../../src/adapters/http/routing/route.js';
import { RouteLookup } from '../../../../src/adapters/http/steps/route-lookup.js';
import { exchangeOf } from '../../../fixtures/exchange.js';
import { TEST_ROUTE_CONTRACT } from '../../../fixtures/route-contract.js';
import { UnknownPathError } from '../../../../src/adapters/http/request/refusals.js';

const detail: Route = { pattern: '/things/:id/', contract: TEST_ROUTE_CONTRACT, handle: () => ({ body: {} }) };
const lookup = new RouteLookup([detail]);

t.test('a path a route has: the route and its params, noted in the exchange', async (t) => {
  const exchange = exchangeOf({ path: '/things/7/' });
  t.same(lookup.match(exchange), { route: detail, params: { id: '7' } });
  t.equal(exchange.route, detail);
  const unknown = exchangeOf({ path: '/nothing/' });
  t.equal(lookup.match(unknown), undefined);
  t.equal(unknown.route, undefined);
});

t.test('a path without its slash: a 301 to the slash form, query kept; anything else a 404', async (t) => {
  t.same(lookup.unmatched(exchangeOf({ path: '/things/7' })), {
    status: 301,
    body: { detail: 'Moved permanently to /things/7/.' },
    headers: { Location: '/things/7/' },
  });
  t.match(lookup.unmatched(exchangeOf({ path: '/things/7', query: 'a=1' })), { status: 301, headers: { Location: '/things/7/?a=1' } });
  t.type(lookup.unmatched(exchangeOf({ path: '/nothing' })), UnknownPathError, 'no slash form either');
  t.type(lookup.unmatched(exchangeOf({ path: '/nothing/' })), UnknownPathError, 'already the slash form');
  t.type(lookup.unmatched(exchangeOf({ path: '/things/\u00e9' })), UnknownPathError, 'a path a Location could not carry as it is');
});
