import { ContainerModule } from 'inversify';
import { CacheSizes, DEFAULT_CACHE_SIZES } from '../adapters/caching/cache-sizes.js';
import { ClientPins } from '../application/clients/client-pins.js';
import { ManageClients } from '../application/clients/manage-clients.js';
import { UpgradeReports } from '../application/clients/upgrade-reports.js';
import { UsageCounter } from '../application/clients/usage-counter.js';
import { UsageReports } from '../application/clients/usage-reports.js';
import { CLOCK, type Clock } from '../application/ports/clock.js';
import { repositoryOf, type RecordRepository } from '../application/ports/record-repository.js';
import { writerOf, type RecordWriter } from '../application/ports/record-writer.js';
import { SCHEMA_CHECKS, type SchemaChecks } from '../application/ports/schema-checks.js';
import { VERSION_MODEL } from '../application/version-model-token.js';
import { CheckHealth } from '../application/use-cases/check-health.js';
import { CreateRecord } from '../application/use-cases/create-record.js';
import { DescribeRecords } from '../application/use-cases/describe-records.js';
import { GetChangelog } from '../application/use-cases/get-changelog.js';
import { GetChangelogEntry } from '../application/use-cases/get-changelog-entry.js';
import { ListRecords } from '../application/use-cases/list-records.js';
import { COLLECTION_USE_CASES, type CollectionUseCases } from '../application/use-cases/record-actions.js';
import { RetrieveRecord } from '../application/use-cases/retrieve-record.js';
import { UpdateRecord } from '../application/use-cases/update-record.js';
import { AjvSchemaChecks } from '../adapters/validation/ajv-schema-checks.js';
import type { ApiDefinition } from './api-definition.js';
import type { RecordType } from '../domain/versioning/record-type.js';
import type { VersionModel } from '../domain/versioning/version-model.js';

/** The version model, the clock, the use cases and the caches' sizes. */
export function applicationModule(model: VersionModel, clock: Clock, { collections }: Pick<ApiDefinition, 'collections'>): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind<VersionModel>(VERSION_MODEL).toConstantValue(model);
    bind<SchemaChecks>(SCHEMA_CHECKS).toConstantValue(new AjvSchemaChecks());
    bind(CacheSizes).toConstantValue(DEFAULT_CACHE_SIZES);
    bind<Clock>(CLOCK).toConstantValue(clock);
    bind(GetChangelog).toSelf().inSingletonScope();
    bind(GetChangelogEntry).toSelf().inSingletonScope();
    for (const collection of collections) {
      const { viewSet } = collection;
      const key = collection.head.key as RecordType<{ readonly id: number }>;
      bind<CollectionUseCases>(COLLECTION_USE_CASES)
        .toResolvedValue(
          (
            model: VersionModel,
            repository: RecordRepository<{ readonly id: number }>,
            checks: SchemaChecks,
            writer?: RecordWriter<{ readonly id: number }>,
          ) => ({
            collection,
            list: new ListRecords(model, model, repository, viewSet, key),
            retrieve: new RetrieveRecord(model, model, repository, viewSet, key),
            ...(writer !== undefined && collection.writes?.includes('create') === true
              ? { create: new CreateRecord(model, repository, writer, collection, checks) }
              : {}),
            ...(writer !== undefined && collection.writes?.includes('update') === true
              ? { update: new UpdateRecord(model, repository, writer, collection, checks) }
              : {}),
          }),
          // A read-only collection asks no storage for a writer.
          [VERSION_MODEL, repositoryOf(collection), SCHEMA_CHECKS, ...(collection.writes === undefined ? [] : [writerOf(collection)])] as [
            symbol,
            symbol,
            symbol,
            symbol,
          ],
        )
        .inSingletonScope();
    }
    bind(CheckHealth).toSelf().inSingletonScope();
    bind(DescribeRecords).toSelf().inSingletonScope();
    bind(ClientPins).toSelf().inSingletonScope();
    bind(UsageCounter).toSelf().inSingletonScope();
    bind(UsageReports).toSelf().inSingletonScope();
    bind(UpgradeReports).toSelf().inSingletonScope();
    bind(ManageClients).toSelf().inSingletonScope();
  });
}
