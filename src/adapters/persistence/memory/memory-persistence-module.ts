import { ContainerModule } from 'inversify';
import { HEALTH_CHECK, type HealthCheck } from '../../../application/ports/health-check.js';
import { repositoryOf, type RecordRepository } from '../../../application/ports/record-repository.js';
import { writerOf, type RecordWriter } from '../../../application/ports/record-writer.js';
import { recordsOf, type LoadedRecords } from '../loaded-records.js';
import { InMemoryRecordRepository } from './in-memory-record-repository.js';
import { MemoryHealthCheck } from './memory-health-check.js';

export interface MemoryPersistenceOptions {
  /** Every write throws WritesUnavailableError: the service runs several processes, and the others would not see it. */
  readonly writesRefused?: boolean;
}

/**
 * Binds each collection's repository and writer to one in-memory collection holding its `records`, and the (always
 * healthy) health check.
 */
export function memoryPersistenceModule(
  records: LoadedRecords,
  collections: readonly { readonly name: string }[],
  { writesRefused = false }: MemoryPersistenceOptions = {},
): ContainerModule {
  return new ContainerModule(({ bind }) => {
    for (const collection of collections) {
      const repository = new InMemoryRecordRepository(recordsOf(records, collection), { writesRefused });
      bind<RecordRepository<unknown>>(repositoryOf(collection)).toConstantValue(repository);
      bind<RecordWriter<unknown>>(writerOf(collection)).toConstantValue(repository);
    }
    bind<HealthCheck>(HEALTH_CHECK).toConstantValue(new MemoryHealthCheck());
  });
}
