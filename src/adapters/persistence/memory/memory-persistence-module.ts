import { ContainerModule } from 'inversify';
import { HEALTH_CHECK, type HealthCheck } from '../../../application/ports/health-check.js';
import { repositoryOf, type RecordRepository } from '../../../application/ports/record-repository.js';
import { RECORD_COLLECTIONS } from '../../../domain/api-history/bundle.js';
import { recordsOf, type LoadedRecords } from '../loaded-records.js';
import { InMemoryRecordRepository } from './in-memory-record-repository.js';
import { MemoryHealthCheck } from './memory-health-check.js';

/** Binds each collection's repository to an in-memory collection holding its `records`, and the (always healthy) health check. */
export function memoryPersistenceModule(
  records: LoadedRecords,
  collections: readonly { readonly name: string }[] = RECORD_COLLECTIONS,
): ContainerModule {
  return new ContainerModule(({ bind }) => {
    for (const collection of collections) {
      bind<RecordRepository<unknown>>(repositoryOf(collection)).toConstantValue(new InMemoryRecordRepository(recordsOf(records, collection)));
    }
    bind<HealthCheck>(HEALTH_CHECK).toConstantValue(new MemoryHealthCheck());
  });
}
