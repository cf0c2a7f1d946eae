import { ContainerModule } from 'inversify';
import type { Registry } from 'prom-client';
import type { Settings } from '../adapters/config/settings.js';
import type { LoadedRecords } from '../adapters/persistence/loaded-records.js';
import { loadRecords } from '../adapters/persistence/data-file.js';
import { readClientsFile, refuseUndeclaredVersions } from '../adapters/persistence/memory/clients-file.js';
import { InMemoryClientRepository } from '../adapters/persistence/memory/in-memory-client-repository.js';
import { InMemoryUsageStore } from '../adapters/persistence/memory/in-memory-usage-store.js';
import type { MemoryPersistenceOptions } from '../adapters/persistence/memory/memory-persistence-module.js';
import { UsageSpool } from '../adapters/persistence/usage-spool.js';
import { CLIENT_REPOSITORY, type ClientRepository } from '../application/ports/client-repository.js';
import type { Clock } from '../application/ports/clock.js';
import { USAGE_STORE, type UsageStore } from '../application/ports/usage-store.js';
import type { ApiDefinition } from './api-definition.js';
import type { AnyRecordCollection } from '../domain/versioning/record-collection.js';
import type { VersionModel } from '../domain/versioning/version-model.js';
import type { ServiceOutput } from './service-output.js';

/** An in-memory storage adapter: a ContainerModule binding each collection's repository (`repositoryOf`) and writer (`writerOf`), given the validated records. */
export type PersistenceModule = (
  records: LoadedRecords,
  collections: readonly AnyRecordCollection[],
  options: MemoryPersistenceOptions,
) => ContainerModule;

/** The storage a service is composed on, opened before its graph. */
export interface Storage {
  /** Bind each collection's repository, the health check, the clients (CLIENT_REPOSITORY) and the usage store. */
  readonly modules: readonly ContainerModule[];
  /** Adds the storage's own metrics (the PostgreSQL pool's) to the registry. */
  registerMetrics(registry: Registry): void;
  /** Which storage serves, for the "listening" line, given its records' counts ("dogs: 5, cats: 3"): the in-memory one and where its records came from, or the database. */
  describe(counts: string): string;
  close(): Promise<void>;
}

/** The storage adapter STORAGE selects: the data file in memory, or a migrated PostgreSQL database. */
export async function openStorage(
  api: ApiDefinition,
  settings: Settings,
  model: VersionModel,
  clock: Clock,
  output: ServiceOutput,
  persistence: PersistenceModule,
): Promise<Storage> {
  if (settings.storage === 'postgres') {
    // Loaded only when chosen, so the in-memory service neither loads the driver nor pays for it at start.
    const { openPostgresStorage } = await import('../adapters/persistence/postgres/connect-postgres.js');
    return openPostgresStorage(
      {
        url: settings.databaseUrl as string,
        poolSize: settings.databasePoolSize,
        statementTimeoutMs: settings.databaseStatementTimeoutMs,
        connectTimeoutMs: settings.databaseConnectTimeoutMs,
        log: output.stderr,
      },
      clock,
      // Only a database can refuse counts, so only its start has spooled ones to store.
      new UsageSpool(settings.usageSpoolDir),
      api.collections,
    );
  }
  const records = await loadRecords(settings.dataFile, clock.today(), api.collections, api.sample);
  // An API of operations only has no records of the layer's: nothing came from a sample or a file; nor from a sample it does not declare.
  const sampled = Object.values(api.sample).some((records) => records.length > 0);
  const source =
    api.collections.length === 0
      ? ''
      : settings.dataFile !== undefined
        ? ` from DATA_FILE ${settings.dataFile}`
        : sampled
          ? ' from the bundled sample data'
          : ': no sample data declared (DATA_FILE loads records)';
  // A pin change here would reach neither the file nor the other workers: the clients' own changes are refused.
  const clients = settings.clientsFile === undefined ? [] : await readClientsFile(settings.clientsFile);
  if (settings.clientsFile !== undefined) refuseUndeclaredVersions(settings.clientsFile, clients, model.versions.map(String));
  const clientsFrom = settings.clientsFile === undefined ? '' : `; ${clients.length} clients from CLIENTS_FILE ${settings.clientsFile}`;
  return {
    // Several processes would each hold their own records: a write one took, the others would not serve.
    modules: [
      persistence(records, api.collections, { writesRefused: settings.workers > 1 }),
      clientsModule(new InMemoryClientRepository(clients, { pinChangesRefused: true })),
    ],
    describe: (counts) => `memory (${counts})${source}${clientsFrom}`,
    registerMetrics: () => {},
    close: async () => {},
  };
}

/** The in-memory storage's clients, and its usage counts (held as long as the process runs). */
export function clientsModule(clients: ClientRepository, usage: UsageStore = new InMemoryUsageStore()): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind<ClientRepository>(CLIENT_REPOSITORY).toConstantValue(clients);
    bind<UsageStore>(USAGE_STORE).toConstantValue(usage);
  });
}
