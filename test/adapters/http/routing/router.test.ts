import t from 'tap';
import type { Route } from '../../../../src/adapters/http/routing/route.js';
import { Router } from '../../../../src/adapters/http/routing/router.js';
import { TEST_ROUTE_CONTRACT } from '../../../fixtures/route-contract.js';

const route = (pattern: string): Route => ({ pattern, handle: async () => ({ body: pattern }), contract: TEST_ROUTE_CONTRACT });

/** The patterns of the API, in the order ApiRoutes declares them. */
const API_PATTERNS = ['/version/', '/version/my_version/', '/doggies/', '/doggies/:id/', '/cats/', '/cats/:id/'];

t.test('the router matches whole paths segment by segment and names the :params', async (t) => {
  const router = new Router(API_PATTERNS.map(route));
  const cases: [string, string, Record<string, string>][] = [
    ['/version/', '/version/', {}],
    ['/version/my_version/', '/version/my_version/', {}],
    ['/doggies/', '/doggies/', {}],
    ['/doggies/1/', '/doggies/:id/', { id: '1' }],
    ['/doggies/abc/', '/doggies/:id/', { id: 'abc' }],
    ['/doggies/%31/', '/doggies/:id/', { id: '%31' }],
    ['/cats/', '/cats/', {}],
    ['/cats/42/', '/cats/:id/', { id: '42' }],
  ];
  for (const [path, pattern, params] of cases) {
    const match = router.match(path);
    t.equal(match?.route.pattern, pattern, `${path} matches ${pattern}`);
    t.same(match?.params, params, `${path}: params ${JSON.stringify(params)}`);
  }
});

t.test('the router matches nothing else', async (t) => {
  const router = new Router(API_PATTERNS.map(route));
  const paths = [
    '',
    '/',
    '/version',
    '/doggies',
    '/doggies/1',
    '/doggies//',
    '//doggies/',
    '/doggies/1/2/',
    '/doggies/1/x',
    '/DOGGIES/',
    '/version/other/',
    '/version/my_version',
    '/version/my_version/x/',
    '/cats/1/extra/',
    'doggies/',
    '*',
  ];
  for (const path of paths) {
    t.equal(router.match(path), undefined, `${JSON.stringify(path)} matches nothing`);
  }
});

t.test('literal segments win over a :param when declared first, and the first matching route wins', async (t) => {
  const router = new Router(['/things/new/', '/things/:id/', '/things/:other/'].map(route));
  t.equal(router.match('/things/new/')?.route.pattern, '/things/new/', 'the literal route, declared first');
  t.same(router.match('/things/7/')?.params, { id: '7' }, 'the first :param route');
  const reversed = new Router(['/things/:id/', '/things/new/'].map(route));
  t.equal(reversed.match('/things/new/')?.route.pattern, '/things/:id/', 'declared later, the literal route is shadowed');
});

t.test('a pattern may hold several params', async (t) => {
  const router = new Router([route('/a/:x/b/:y/')]);
  t.same(router.match('/a/1/b/2/')?.params, { x: '1', y: '2' }, 'both params');
  t.equal(router.match('/a/1/c/2/'), undefined, 'a literal segment between them must match');
  t.equal(router.match('/a//b/2/'), undefined, 'an empty segment is no param');
});

t.test('a router with no routes matches nothing', async (t) => {
  t.equal(new Router([]).match('/'), undefined, 'nothing');
});
