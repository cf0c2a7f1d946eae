import t from 'tap';
import type { Route } from '../../../../src/adapters/http/routing/route.js';
import { findRoute, isRouteMatch } from '../../../../src/adapters/http/steps/request-steps.js';
import { Router, type RouteMatch } from '../../../../src/adapters/http/routing/router.js';
import { exchangeOf } from '../../../fixtures/exchange.js';
import { TEST_ROUTE_CONTRACT } from '../../../fixtures/route-contract.js';
import { UnknownPathError } from '../../../../src/adapters/http/request/refusals.js';

const detail: Route = { pattern: '/things/:id/', contract: TEST_ROUTE_CONTRACT, handle: () => ({ body: {} }) };
const router = new Router([detail]);

t.test('a path a route has: the request goes on, with its route and params', async (t) => {
  const found = findRoute(router, exchangeOf({ path: '/things/7/' }));
  t.ok(isRouteMatch(found), 'a match');
  t.equal((found as RouteMatch).route, detail);
  t.same((found as RouteMatch).params, { id: '7' });
  const unknown = findRoute(router, exchangeOf({ path: '/nothing/' }));
  t.type(unknown, UnknownPathError);
  t.notOk(isRouteMatch(unknown), 'a refusal is no match');
  t.notOk(isRouteMatch(findRoute(router, exchangeOf({ path: '/things/7' }))), 'nor a 301');
});

t.test('a path without its slash: a 301 to the slash form, query kept; anything else a 404', async (t) => {
  t.same(findRoute(router, exchangeOf({ path: '/things/7' })), {
    status: 301,
    body: { detail: 'Moved permanently to /things/7/.' },
    headers: { Location: '/things/7/' },
  });
  t.match(findRoute(router, exchangeOf({ path: '/things/7', queryString: 'a=1' })), { status: 301, headers: { Location: '/things/7/?a=1' } });
  t.type(findRoute(router, exchangeOf({ path: '/nothing' })), UnknownPathError, 'no slash form either');
  t.type(findRoute(router, exchangeOf({ path: '/nothing/' })), UnknownPathError, 'already the slash form');
  t.type(findRoute(router, exchangeOf({ path: '/things/\u00e9' })), UnknownPathError, 'a path a Location could not carry as it is');
});
