import { Container, ContainerModule } from 'inversify';
import type { Registry } from 'prom-client';
import type { Environment, Settings } from './adapters/config/settings.js';
import { ApiRequestHandler } from './adapters/http/api-request-handler.js';
import { ApiRoutes } from './adapters/http/api-routes.js';
import { ApiServer } from './adapters/http/api-server.js';
import { nodeHandler, type NodeHandler } from './adapters/http/mounts/node-mount.js';
import type { MountedService, RequestPath } from './adapters/http/mounts/request-path.js';
import { createMetricsRegistry } from './adapters/metrics/metrics-registry.js';
import { metricsModule } from './adapters/metrics/metrics-module.js';
import { registerPinnedClientsMetric } from './adapters/metrics/pinned-clients-metric.js';
import { registerVersionMetrics } from './adapters/metrics/version-metrics.js';
import type { LoadedRecords } from './adapters/persistence/loaded-records.js';
import { memoryPersistenceModule } from './adapters/persistence/memory/memory-persistence-module.js';
import { UsageSpool } from './adapters/persistence/usage-spool.js';
import type { ChangeReach } from './application/clients/upgrade-reports.js';
import { UpgradeReports } from './application/clients/upgrade-reports.js';
import { UsageCounter } from './application/clients/usage-counter.js';
import { CLIENT_REPOSITORY, type ClientRepository } from './application/ports/client-repository.js';
import type { Clock } from './application/ports/clock.js';
import { repositoryOf, type RecordRepository } from './application/ports/record-repository.js';
import type { UsageStore } from './application/ports/usage-store.js';
import { VERSION_MODEL } from './application/version-model-token.js';
import { PageRequest } from './application/paging/page-request.js';
import type { ApiDefinition } from './composition/api-definition.js';
import { applicationModule } from './composition/application-module.js';
import { bindRoutes, httpModule } from './composition/http-module.js';
import type { ServiceOutput } from './composition/service-output.js';
import { clockOf, readServiceSettings, refuseRetiredDefault } from './composition/service-settings.js';
import { clientsModule, openStorage, type PersistenceModule, type Storage } from './composition/storage.js';
import { UsageLifecycle } from './composition/usage-lifecycle.js';
import { processOutput } from './adapters/process/process-output.js';
import type { AnyRecordCollection } from './domain/versioning/record-collection.js';
import type { VersionModel } from './domain/versioning/version-model.js';

export type { ServiceOutput } from './composition/service-output.js';
export type { PersistenceModule } from './composition/storage.js';
export { applicationModule } from './composition/application-module.js';
export { httpModule } from './composition/http-module.js';
export { readServiceSettings, refuseRetiredDefault } from './composition/service-settings.js';

export interface ComposedService extends MountedService {
  readonly settings: Settings;
  /** Which storage serves (the database's URL without its password). */
  readonly storage: string;
  readonly server: ApiServer;
  /**
   * The request handler alone, to mount in a node:http server of your own: `createServer(handle)` answers every request
   * as `server` does; `handle(req, res, next)` calls `next()` for a path the API does not serve. Draining on stop and
   * the limits of HOST/PORT's server are that server's.
   */
  readonly handle: NodeHandler;
  /** The request path every mount runs (version-aware-api/express, /fastify, /fetch take the service for it). */
  readonly requestPath: RequestPath;
  /** The process's metrics, when METRICS_PORT is set; served apart from the API (src/main.ts). */
  readonly metrics: Registry | undefined;
  /** Stops the server (draining requests in flight), then closes the storage (the database pool); once, however often called. */
  stop(): Promise<void>;
}

/** What a test replaces in the composed service; production replaces nothing. */
export interface ServiceReplacements {
  /** The version model in place of the one the API builds for the settings (DEFAULT_VERSION, REMOVED_IN, its own). */
  readonly model?: VersionModel;
  /** The clock in place of TODAY's or the system's. */
  readonly clock?: Clock;
  /** The in-memory storage adapter with STORAGE=memory (tests load one that fails on purpose). */
  readonly persistence?: PersistenceModule;
  /**
   * Modules loaded after the service's own, before the graph is resolved, which may `rebind` any token: to run the
   * service with one part replaced, such as a memo by a stand-in that remembers nothing, to measure what it saves.
   */
  readonly modules?: readonly ContainerModule[];
  /** How often the request counts are handed to the usage store, in place of USAGE_FLUSH_MS. */
  readonly usageFlushMs?: number;
}

/**
 * The composition root of an API: reads and checks every setting, builds the version model, loads and
 * validates the data, wires the graph and resolves it once. Throws StartupError or
 * VersionModelError naming what is wrong; nothing is served half-built. Without `output` it writes to this process's
 * stdout and stderr as `runApi` does: the access log and info lines batched, at most 20 ms apart.
 */
export async function composeApi(
  api: ApiDefinition,
  env: Environment,
  output: ServiceOutput = processOutput().service,
  replacements: ServiceReplacements = {},
): Promise<ComposedService> {
  return composeApiWith(api, readServiceSettings(env, api), output, replacements);
}

/** The same, with the settings a process read already (`runApi` reads them once, before it knows whether to fork). */
export async function composeApiWith(
  api: ApiDefinition,
  settings: Settings,
  output: ServiceOutput,
  replacements: ServiceReplacements = {},
): Promise<ComposedService> {
  const model = replacements.model ?? api.model(settings);
  const clock = replacements.clock ?? clockOf(settings);
  refuseRetiredDefault(model, clock.today());
  const storage = await openStorage(api, settings, model, clock, output, replacements.persistence ?? memoryPersistenceModule);
  try {
    return await serviceOn(storage, api, settings, model, clock, output, replacements);
  } catch (error) {
    // A refusal after the storage opened closes it: its pool's connections would hold the process open. The refusal,
    // not a failure to close, is what the operator has to read.
    await Promise.allSettled([storage.close()]);
    throw error;
  }
}

/** The graph of an API on its opened storage, resolved once. */
async function serviceOn(
  storage: Storage,
  api: ApiDefinition,
  settings: Settings,
  model: VersionModel,
  clock: Clock,
  output: ServiceOutput,
  replacements: ServiceReplacements,
): Promise<ComposedService> {
  const container = new Container();
  container.load(
    applicationModule(model, clock, api),
    ...storage.modules,
    httpModule({ access: settings.accessLog ? output.stdout : undefined, errors: output.stderr }, settings.limits, settings.web, api),
  );
  const metrics = settings.metrics === undefined ? undefined : createMetricsRegistry();
  if (metrics !== undefined) container.load(metricsModule(metrics));
  for (const module of replacements.modules ?? []) container.load(module);
  if (metrics !== undefined) {
    registerVersionMetrics(metrics, container.get<VersionModel>(VERSION_MODEL).lifecycles);
    registerPinnedClientsMetric(metrics, model.versions, container.get<ClientRepository>(CLIENT_REPOSITORY));
    storage.registerMetrics(metrics);
  }
  const counts = await recordCounts(container, api.collections);
  // An API of operations only keeps no records of the layer's: its handlers have their own.
  if (counts.length > 0 && counts.every(({ total }) => total === 0))
    output.stderr(JSON.stringify({ time: new Date().toISOString(), level: 'warn', message: NO_RECORDS }));
  const server = container.get(ApiServer);
  const handler = container.get(ApiRequestHandler);
  const usage = new UsageLifecycle(container.get(UsageCounter), new UsageSpool(settings.usageSpoolDir), output, replacements.usageFlushMs);
  let stopping: Promise<void> | undefined;
  return {
    settings,
    storage: storage.describe(
      counts.length === 0 ? "no collections: no records of the layer's own" : counts.map(({ name, total }) => `${name}: ${total}`).join(', '),
    ),
    server,
    handle: nodeHandler(handler),
    requestPath: handler,
    metrics,
    stop: () =>
      (stopping ??= (async () => {
        await server.stop();
        await usage.stop();
        await storage.close();
      })()),
  };
}

const NO_RECORDS =
  'the storage holds no records: every list is empty and every record a 404. With STORAGE=postgres, fill it: ' +
  'npm run load-data -- --sample (the bundled sample), or -- FILE (docs/storage.md); with memory, set DATA_FILE';

/** How many records each collection holds, through its repository: what any storage adapter serves. */
function recordCounts(
  container: Container,
  collections: readonly AnyRecordCollection[],
): Promise<{ readonly name: string; readonly total: number }[]> {
  const first = PageRequest.fromQuery(1, 0);
  return Promise.all(
    collections.map(async (collection) => ({
      name: collection.name,
      total: (await container.get<RecordRepository<unknown>>(repositoryOf(collection)).list(first)).total,
    })),
  );
}

/**
 * What moving a client's pin changes, outside a running service (`npm run clients -- upgrade`): the report of
 * `GET /client/upgrade`, reached through the same routes, over the clients and counts of the storage given.
 */
export function composeUpgradeReports(
  model: VersionModel,
  clock: Clock,
  clients: ClientRepository,
  usage: UsageStore,
  api: Pick<ApiDefinition, 'collections' | 'info'> & Partial<Pick<ApiDefinition, 'operations' | 'endpoints'>>,
): { readonly reports: UpgradeReports; readonly reach: ChangeReach } {
  const container = new Container();
  // The routes are made from the collections, never from their records: none are loaded.
  const noRecords: LoadedRecords = Object.fromEntries(api.collections.map(({ name }) => [name, []]));
  container.load(
    applicationModule(model, clock, api),
    memoryPersistenceModule(noRecords, api.collections),
    clientsModule(clients, usage),
    new ContainerModule(({ bind }) => bindRoutes(bind, api)),
  );
  return { reports: container.get(UpgradeReports), reach: container.get(ApiRoutes).reach };
}
