import { ContainerModule } from 'inversify';
import { CAT_REPOSITORY, type CatRepository } from '../../../application/ports/cat-repository.js';
import { DOG_REPOSITORY, type DogRepository } from '../../../application/ports/dog-repository.js';
import { HEALTH_CHECK, type HealthCheck } from '../../../application/ports/health-check.js';
import type { LoadedRecords } from '../loaded-records.js';
import { InMemoryRecordRepository } from './in-memory-record-repository.js';
import { MemoryHealthCheck } from './memory-health-check.js';

/** Binds the dog and cat repositories to in-memory collections holding `records`, and their (always healthy) health check. */
export function memoryPersistenceModule(records: LoadedRecords): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind<DogRepository>(DOG_REPOSITORY).toConstantValue(new InMemoryRecordRepository(records.dogs));
    bind<CatRepository>(CAT_REPOSITORY).toConstantValue(new InMemoryRecordRepository(records.cats));
    bind<HealthCheck>(HEALTH_CHECK).toConstantValue(new MemoryHealthCheck());
  });
}
