import t from 'tap';
import { bearer, keyedClient, withClients } from '../../fixtures/clients.js';
import { startService } from '../../fixtures/service.js';
import { checkReport } from './fixtures/upgrade-report.js';

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
