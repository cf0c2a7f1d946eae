import type { ClientRepository } from '../../../application/ports/client-repository.js';
import type { UsageStore } from '../../../application/ports/usage-store.js';
import type { AnyRecordCollection } from '../../../domain/versioning/record-collection.js';
import { openPostgresClients, type PostgresConnection } from './connect-postgres.js';
import { redactedUrl } from './postgres-pool.js';
import { PostgresUsageStore } from './postgres-usage-store.js';
import { recordTableOf } from './record-table.js';

/**
 * The clients and the request counts in the database, for `npm run clients`, its schema made for the API's
 * `collections` as the service's start makes it; `close` ends the listener and the pool.
 */
export async function openPostgresClientStorage(
  connection: PostgresConnection,
  collections: readonly AnyRecordCollection[],
): Promise<{
  readonly repository: ClientRepository;
  readonly description: string;
  readonly usage: UsageStore;
  close(): Promise<void>;
}> {
  const store = await openPostgresClients(
    connection,
    collections.map((collection) => recordTableOf(collection)),
  );
  return {
    repository: store.clients,
    description: `the database ${redactedUrl(connection.url)}`,
    usage: new PostgresUsageStore(store.pool),
    close: () => store.close(),
  };
}
