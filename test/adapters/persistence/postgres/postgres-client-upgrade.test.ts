// Needs: PostgreSQL
import t from 'tap';
import { openPostgresClients } from '../../../../src/adapters/persistence/postgres/connect-postgres.js';
import { keyedClient } from '../../../fixtures/clients.js';
import { testDatabase } from '../../../fixtures/postgres/test-database.js';
import { startService } from '../../../fixtures/service.js';
import { checkReport } from '../../http/fixtures/upgrade-report.js';
import { clientsCommand } from '../../../../src/clients-command.js';
import { openPostgresClientStorage } from '../../../../src/adapters/persistence/postgres/postgres-client-storage.js';
import { REFERENCE_API } from '../../../../src/reference-api.js';
import { REFERENCE_TABLES } from '../../../fixtures/postgres/reference-tables.js';
import { RECORD_COLLECTIONS } from '../../../../src/domain/api-history/bundle.js';

const url = await testDatabase(t);
if (url !== undefined) {
  t.test('GET /client/upgrade?to=V, PostgreSQL storage: the same report, the calls from the usage store', async (t) => {
    const cli = await openPostgresClients({ url, poolSize: 1, statementTimeoutMs: 5_000, connectTimeoutMs: 5_000, log: () => {} }, REFERENCE_TABLES);
    t.teardown(() => cli.close());
    const legacy = keyedClient('legacy-shop', '2.0.0');
    await cli.clients.add(legacy.client);
    const service = await startService(t, { STORAGE: 'postgres', DATABASE_URL: url });
    await checkReport(t, service, legacy.key);
    // The stop hands the counts to the usage store, where the command reads them.
    await service.stop();
    // In this process, as src/clients.ts opens the database: a child's coverage of the same code would not merge with this one's.
    const stdout: string[] = [];
    const code = await clientsCommand(
      ['upgrade', 'legacy-shop', '--to', '4.0.0', '--json'],
      { STORAGE: 'postgres', DATABASE_URL: url },
      { stdout: (line) => stdout.push(line), stderr: (line) => t.fail(line) },
      () => openPostgresClientStorage({ url, poolSize: 1, statementTimeoutMs: 5_000, connectTimeoutMs: 5_000, log: () => {} }, RECORD_COLLECTIONS),
      REFERENCE_API,
    );
    t.equal(code, 0);
    const report = JSON.parse(stdout.join('\n')) as { from: string; changes: { version: string; calls: number }[] };
    t.equal(report.from, '2.0.0');
    t.same(
      report.changes.map(({ version, calls }) => `${version}: ${calls}`),
      ['2.1.0: 3', '3.0.0: 3', '3.0.0: 0', '4.0.0: 3', '4.0.0: 1'],
      'npm run clients -- upgrade: the same report, the same calls',
    );
  });
}
