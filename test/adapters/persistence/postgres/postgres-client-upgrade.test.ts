// Needs: PostgreSQL
import t from 'tap';
import { openPostgresClients } from '../../../../src/adapters/persistence/postgres/connect-postgres.js';
import { keyedClient } from '../../../fixtures/clients.js';
import { testDatabase } from '../../../fixtures/postgres/test-database.js';
import { startService } from '../../../fixtures/service.js';
import { checkReport } from '../../http/fixtures/upgrade-report.js';

const url = await testDatabase(t);
if (url !== undefined) {
  t.test('GET /client/upgrade?to=V, PostgreSQL storage: the same report, the calls from the usage store', async (t) => {
    const cli = await openPostgresClients({ url, poolSize: 1, statementTimeoutMs: 5_000, connectTimeoutMs: 5_000, log: () => {} });
    t.teardown(() => cli.close());
    const legacy = keyedClient('legacy-shop', '2.0.0');
    await cli.clients.add(legacy.client);
    const service = await startService(t, { STORAGE: 'postgres', DATABASE_URL: url });
    await checkReport(t, service, legacy.key);
  });
}
