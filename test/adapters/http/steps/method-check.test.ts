import t from 'tap';
import { errorResponseFor, MethodNotAllowedError } from '../../../../src/adapters/http/request/refusals.js';
import type { RouteResponse } from '../../../../src/adapters/http/routing/route-request.js';
import type { Route } from '../../../../src/adapters/http/routing/route.js';
import { checkMethod } from '../../../../src/adapters/http/steps/request-steps.js';
import { OptionsHeaders } from '../../../../src/adapters/http/routing/options-headers.js';
import { Version } from '../../../../src/domain/versioning/version.js';
import { exchangeOf } from '../../../fixtures/exchange.js';
import { lifecycleModel } from '../../../fixtures/lifecycle-history.js';
import { TEST_ROUTE_CONTRACT } from '../../../fixtures/route-contract.js';
import { date } from '../../../fixtures/test-clock.js';
import { versionsFrom } from '../../../fixtures/versions.js';

const since3: Route = {
  pattern: '/new/',
  contract: { ...TEST_ROUTE_CONTRACT, availableAt: (version) => version.compare(Version.parse('3.0.0')) >= 0 },
  handle: () => ({ body: {} }),
};
const options = new OptionsHeaders([since3], lifecycleModel());

t.test('GET and HEAD go on to the route', async (t) => {
  t.equal(checkMethod(options, exchangeOf({ method: 'GET' }), since3), undefined);
  t.equal(checkMethod(options, exchangeOf({ method: 'HEAD' }), since3), undefined);
});

t.test("OPTIONS: 204 with Allow and the versions the route is served at on the request's day", async (t) => {
  t.same(checkMethod(options, exchangeOf({ method: 'OPTIONS' }), since3), {
    status: 204,
    body: undefined,
    headers: { Allow: 'GET, HEAD, OPTIONS', 'api-supported-versions': versionsFrom('3.0.0').join(', ') },
  });
  t.same(
    (checkMethod(options, exchangeOf({ method: 'OPTIONS', today: date('2027-01-01') }), since3) as RouteResponse).headers,
    {
      Allow: 'GET, HEAD, OPTIONS',
      'api-supported-versions': versionsFrom('4.0.0').join(', '),
      'api-deprecated-versions': '3.0.0',
    },
    "from 3.0.0's deprecation date on",
  );
});

t.test('any other method: 405 naming the method, with Allow', async (t) => {
  const refusal = checkMethod(options, exchangeOf({ method: 'DELETE' }), since3);
  t.type(refusal, MethodNotAllowedError);
  t.same(errorResponseFor(refusal), { status: 405, detail: 'Method "DELETE" not allowed.', headers: { Allow: 'GET, HEAD, OPTIONS' } });
});
