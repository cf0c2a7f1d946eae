import t from 'tap';
import { defineApi } from '../../../../src/api-definition.js';
import { defineOperations, reply } from '../../../../src/adapters/http/operations/operation-declaration.js';
import { startService } from '../../../fixtures/service.js';
import { ORDERS, SHOP_VERSIONS } from '../../../fixtures/shop-api.js';

const at = (version: string) => ({ accept: `application/json; version=${version}` });
const SAMPLE = { orders: [{ id: 1, amount: { value: 1250, currency: 'USD' }, state: 'paid' }] };

t.test("an operation of the team's own on a collection's path joins it, beside the collection's own", async (t) => {
  const cancelled: unknown[] = [];
  const purged: unknown[] = [];
  const actions = defineOperations('OrderActionViewSet', {
    tag: 'Orders',
    operations: {
      cancel: {
        method: 'DELETE',
        path: '/orders/{id}/',
        summary: 'Cancel an order',
        params: { id: { type: 'integer', minimum: 1 } },
        responses: { 204: 'Cancelled', 409: 'The order is paid' },
        handler: ({ params }) => {
          cancelled.push(params['id']);
          return reply(204);
        },
      },
      purge: {
        method: 'DELETE',
        path: '/orders/',
        summary: 'Purge the orders of a state',
        query: { state: { type: 'string' } },
        responses: { 204: 'Purged' },
        handler: ({ query }) => {
          purged.push(query['state']);
          return reply(204);
        },
      },
    },
  });
  const service = await startService(t, {}, {}, defineApi({ collections: [ORDERS], operations: [actions], versions: SHOP_VERSIONS, sample: SAMPLE }));
  const deleted = await fetch(`${service.url}/orders/1/`, { method: 'DELETE', headers: at('4.0.0') });
  t.equal(deleted.status, 204, "the team's DELETE on a record's path");
  t.same(cancelled, [1], 'its id typed by its schema');
  const read = await fetch(`${service.url}/orders/1/`, { headers: at('4.0.0') });
  t.equal(read.status, 200, "the collection's GET on the same path");
  t.match(await read.json(), { id: 1, state: 'paid' });
  const options = await fetch(`${service.url}/orders/1/`, { method: 'OPTIONS' });
  t.equal(options.headers.get('allow'), 'GET, HEAD, PATCH, DELETE, OPTIONS', "Allow names the collection's methods and the team's");
  t.equal((await fetch(`${service.url}/orders/?state=paid`, { method: 'DELETE', headers: at('4.0.0') })).status, 204);
  t.same(purged, ['paid'], "the team's operation reads its query parameter");
  const listed = await fetch(`${service.url}/orders/?state=paid`, { headers: at('4.0.0') });
  t.equal(listed.status, 400, "the collection's list refuses a parameter only the team's operation reads");
  t.match(await listed.json(), { detail: 'GET does not read the query parameter "state" here.' });
  t.equal((await fetch(`${service.url}/orders/?limit=1`, { headers: at('4.0.0') })).status, 200, 'and reads its own');
  const document = (await (await fetch(`${service.url}/openapi.json`, { headers: at('4.0.0') })).json()) as {
    paths: Record<string, Record<string, { operationId: string }>>;
  };
  t.same(Object.keys(document.paths['/orders/{id}/'] ?? {}), ['get', 'patch', 'delete', 'options'], 'one path in the document, every method on it');
  t.equal(document.paths['/orders/{id}/']?.['delete']?.operationId, 'cancelOrderAction');
  t.equal(document.paths['/orders/{id}/']?.['get']?.operationId, 'retrieveOrder');
});

t.test("a method the collection has on its path, or the collection's path with other parameter names, refuses the start", async (t) => {
  const declared = (path: string, method: 'GET' | 'DELETE', params: Record<string, { type: 'integer' }>) =>
    defineOperations('OrderActionViewSet', {
      tag: 'Orders',
      operations: { act: { method, path, summary: 'An action', params, responses: { 204: 'Done' }, handler: () => reply(204) } },
    });
  await t.rejects(
    startService(
      t,
      {},
      {},
      defineApi({ collections: [ORDERS], operations: [declared('/orders/{id}/', 'GET', { id: { type: 'integer' } })], versions: SHOP_VERSIONS }),
    ),
    { message: /OrderActionViewSet\.act: GET \/orders\/\{id\}\/ is declared by OrderViewSet\.retrieve too; declare it once/ },
  );
  await t.rejects(
    startService(
      t,
      {},
      {},
      defineApi({
        collections: [ORDERS],
        operations: [declared('/orders/{order}/', 'DELETE', { order: { type: 'integer' } })],
        versions: SHOP_VERSIONS,
      }),
    ),
    { message: /OrderActionViewSet\.act: DELETE \/orders\/\{order\}\/ is the path \/orders\/\{id\}\/: name its parameters as that one does/ },
  );
});
