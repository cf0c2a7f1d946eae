import type { ClientRepository } from '../../../application/ports/client-repository.js';
import type { UsageStore } from '../../../application/ports/usage-store.js';
import { openPostgresClients, type PostgresConnection } from './connect-postgres.js';
import { redactedUrl } from './postgres-pool.js';
import { PostgresUsageStore } from './postgres-usage-store.js';

/** The clients and the request counts in the database, for `npm run clients`; `close` ends the listener and the pool. */
export async function openPostgresClientStorage(connection: PostgresConnection): Promise<{
  readonly repository: ClientRepository;
  readonly description: string;
  readonly usage: UsageStore;
  close(): Promise<void>;
}> {
  const store = await openPostgresClients(connection);
  return {
    repository: store.clients,
    description: `the database ${redactedUrl(connection.url)}`,
    usage: new PostgresUsageStore(store.pool),
    close: () => store.close(),
  };
}
