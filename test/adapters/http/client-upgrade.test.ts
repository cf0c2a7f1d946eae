import t from 'tap';
import { bearer, keyedClient, withClients } from '../../fixtures/clients.js';
import { startService } from '../../fixtures/service.js';
import { checkReport } from './fixtures/upgrade-report.js';
import { SHOP } from '../../fixtures/shop-api.js';

const legacy = keyedClient('legacy-shop', '2.0.0');

t.test('GET /client/upgrade?to=V, memory storage: the calls are those counted since the start', async (t) => {
  const service = await startService(t, {}, withClients([legacy]));
  await checkReport(t, service, legacy.key);
  const fresh = keyedClient('fresh', '4.0.0');
  const other = await startService(t, {}, withClients([fresh]));
  const next = (await (await fetch(`${other.url}/client/upgrade?to=5.0.0`, { headers: bearer(fresh.key) })).json()) as { changes: unknown[] };
  t.same(
    next.changes,
    [{ version: '5.0.0', description: 'CatViewSet removed', operations: ['GET /cats/', 'GET /cats/{id}/'], calls: 0 }],
    'a client that never called them: 0',
  );
});

t.test("a collection's writes are operations a change reaches: a view change introducing one, a record change of what they take", async (t) => {
  const shop = keyedClient('till', '1.0.0');
  const service = await startService(t, {}, withClients([shop]), SHOP);
  const report = (await (await fetch(`${service.url}/client/upgrade?to=3.0.0`, { headers: bearer(shop.key) })).json()) as {
    changes: { version: string; operations: string[] }[];
  };
  t.same(
    report.changes.map(({ version, operations }) => ({ version, operations })),
    [
      { version: '2.0.0', operations: ['POST /orders/'] },
      { version: '3.0.0', operations: ['GET /orders/', 'POST /orders/', 'GET /orders/{id}/', 'PATCH /orders/{id}/'] },
    ],
  );
});
