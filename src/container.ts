import 'reflect-metadata';
import { Container, ContainerModule, type ContainerModuleLoadOptions } from 'inversify';
import { CLOCK, type Clock } from './application/ports/clock.js';
import { VERSION_MODEL } from './application/ports/version-model.js';
import { CheckHealth } from './application/use-cases/check-health.js';
import { ClientPins } from './application/clients/client-pins.js';
import { UsageCounter } from './application/clients/usage-counter.js';
import { UsageReports } from './application/clients/usage-reports.js';
import { UpgradeReports, type ChangeReach } from './application/clients/upgrade-reports.js';
import { USAGE_STORE, type UsageStore } from './application/ports/usage-store.js';
import { InMemoryUsageStore } from './adapters/persistence/memory/in-memory-usage-store.js';
import { requestsIn, UsageSpool } from './adapters/persistence/usage-spool.js';
import { ManageClients } from './application/clients/manage-clients.js';
import { CLIENT_REPOSITORY, type ClientRepository } from './application/ports/client-repository.js';
import { InMemoryClientRepository } from './adapters/persistence/memory/in-memory-client-repository.js';
import { readClientsFile, refuseUndeclaredVersions } from './adapters/persistence/memory/clients-file.js';
import { DescribeRecords } from './application/use-cases/describe-records.js';
import { GetChangelog } from './application/use-cases/get-changelog.js';
import { GetChangelogEntry } from './application/use-cases/get-changelog-entry.js';
import { ListRecords } from './application/use-cases/list-records.js';
import { COLLECTION_USE_CASES, type CollectionUseCases } from './application/use-cases/record-actions.js';
import { RetrieveRecord } from './application/use-cases/retrieve-record.js';
import { repositoryOf, type RecordRepository } from './application/ports/record-repository.js';
import { writerOf, type RecordWriter } from './application/ports/record-writer.js';
import { SCHEMA_CHECKS, type SchemaChecks } from './application/ports/schema-checks.js';
import { AjvSchemaChecks } from './adapters/validation/ajv-schema-checks.js';
import { CreateRecord } from './application/use-cases/create-record.js';
import { UpdateRecord } from './application/use-cases/update-record.js';
import { PageRequest } from './application/paging/page-request.js';
import { FixedClock } from './adapters/clock/fixed-clock.js';
import { SystemClock } from './adapters/clock/system-clock.js';
import { loadRecords } from './adapters/persistence/data-file.js';
import { readSettings, type Environment, type Settings } from './adapters/config/settings.js';
import { ApiRequestHandler } from './adapters/http/api-request-handler.js';
import { nodeHandler, type NodeHandler } from './adapters/http/mounts/node-mount.js';
import type { MountedService, RequestPath } from './adapters/http/mounts/request-path.js';
import { ApiRoutes } from './adapters/http/api-routes.js';
import { API_SERVER_OPTIONS, ApiServer, type ApiServerOptions } from './adapters/http/api-server.js';
import { HTTP_LOGS, type HttpLogs } from './adapters/http/http-logs.js';
import { DEFAULT_WEB_OPTIONS, WEB_OPTIONS, type WebOptions } from './adapters/http/web-options.js';
import type { LogSink } from './adapters/logging/log-sink.js';
import type { LoadedRecords } from './adapters/persistence/loaded-records.js';
import { memoryPersistenceModule, type MemoryPersistenceOptions } from './adapters/persistence/memory/memory-persistence-module.js';
import type { ApiDefinition } from './api-definition.js';
import { API_INFO, type ApiInfo } from './adapters/http/openapi/api-info.js';
import { COLLECTION_ROUTES, type CollectionRoutes } from './adapters/http/routing/collection-routes.js';
import { clientPaths, DEFAULT_ENDPOINTS, ENDPOINTS, type Endpoints } from './adapters/http/routing/endpoints.js';
import { PIN_STATE_PATH, type PinStatePath } from './application/ports/pin-state-path.js';

import type { AnyRecordCollection } from './domain/versioning/record-collection.js';
import type { RecordType } from './domain/versioning/record-type.js';
import { Version } from './domain/versioning/version.js';
import type { VersionModel } from './domain/versioning/version-model.js';
import type { CalendarDate } from './domain/records/calendar-date.js';
import type { Registry } from 'prom-client';
import { createMetricsRegistry } from './adapters/metrics/metrics-registry.js';
import { metricsModule } from './adapters/metrics/metrics-module.js';
import { registerVersionMetrics } from './adapters/metrics/version-metrics.js';
import { registerPinnedClientsMetric } from './adapters/metrics/pinned-clients-metric.js';
import { CacheSizes, DEFAULT_CACHE_SIZES } from './application/caching/cache-sizes.js';
import { AnswerCache } from './adapters/http/response/answer-cache.js';
import { Router } from './adapters/http/routing/router.js';
import { writeMethods } from './adapters/http/routing/route-methods.js';
import { OPERATION_SETS, type OperationSet } from './adapters/http/operations/operation-declaration.js';
import { CorsPolicy } from './adapters/http/cors/cors-policy.js';
import { OptionsHeaders } from './adapters/http/routing/options-headers.js';
import { VersionNegotiation } from './adapters/http/steps/version-negotiation.js';
import { LifecycleHeaders } from './adapters/http/response/lifecycle-headers.js';
import { CacheControl } from './adapters/http/caching/cache-control.js';
import { REQUEST_OBSERVERS, type RequestObserver } from './adapters/http/steps/request-observer.js';
import { AccessLog } from './adapters/http/steps/access-log.js';
import { UsageObserver } from './adapters/http/steps/usage-observer.js';
import { RetiredVersionError } from './domain/versioning/refusals.js';
import { StartupError } from './domain/errors/startup-error.js';

/** How often the request counts of a process are added to the store. */
export const USAGE_FLUSH_MS = 10_000;

export interface ServiceOutput {
  readonly stdout: LogSink;
  readonly stderr: LogSink;
}

/** An in-memory storage adapter: a ContainerModule binding each collection's repository (`repositoryOf`) and writer (`writerOf`), given the validated records. */
export type PersistenceModule = (
  records: LoadedRecords,
  collections: readonly AnyRecordCollection[],
  options: MemoryPersistenceOptions,
) => ContainerModule;

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

interface Storage {
  /** Bind each collection's repository, the health check, the clients (CLIENT_REPOSITORY) and the usage store. */
  readonly modules: readonly ContainerModule[];
  /** Adds the storage's own metrics (the PostgreSQL pool's) to the registry. */
  registerMetrics(registry: Registry): void;
  /** Which storage serves, for the "listening" line, given its records' counts ("dogs: 5, cats: 3"): the in-memory one and where its records came from, or the database. */
  describe(counts: string): string;
  close(): Promise<void>;
}

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

/** The node:http adapter, serving the API's collections at their routes. */
export function httpModule(
  logs: HttpLogs,
  options: ApiServerOptions,
  web: WebOptions = DEFAULT_WEB_OPTIONS,
  api: Pick<ApiDefinition, 'collections' | 'info'> & Partial<Pick<ApiDefinition, 'operations' | 'endpoints'>>,
): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bindPublication(bind, api);
    bind<HttpLogs>(HTTP_LOGS).toConstantValue(logs);
    bind<ApiServerOptions>(API_SERVER_OPTIONS).toConstantValue(options);
    bind<WebOptions>(WEB_OPTIONS).toConstantValue(web);
    bind(AnswerCache)
      .toResolvedValue((sizes: CacheSizes) => new AnswerCache(sizes), [CacheSizes])
      .inSingletonScope();
    bind(ApiRoutes).toSelf().inSingletonScope();
    // The request's steps' parts, each made once from the routes, the versions' standings and the web options.
    bind(Router)
      .toResolvedValue((routes: ApiRoutes) => new Router(routes.all), [ApiRoutes])
      .inSingletonScope();
    bind(CorsPolicy)
      .toResolvedValue(
        (routes: ApiRoutes) => new CorsPolicy(web.corsOrigins, web.corsMaxAgeSeconds, [...new Set(routes.all.flatMap(writeMethods))]),
        [ApiRoutes],
      )
      .inSingletonScope();
    bind(OptionsHeaders)
      .toResolvedValue((routes: ApiRoutes, standings: VersionModel) => new OptionsHeaders(routes.all, standings), [ApiRoutes, VERSION_MODEL])
      .inSingletonScope();
    bind(VersionNegotiation)
      .toResolvedValue(
        (standings: VersionModel, sizes: CacheSizes) => new VersionNegotiation(standings, logs.errors, sizes.acceptHeaders),
        [VERSION_MODEL, CacheSizes],
      )
      .inSingletonScope();
    bind(LifecycleHeaders)
      .toResolvedValue(
        (standings: VersionModel, endpoints: Endpoints) => new LifecycleHeaders(standings.lifecycles, endpoints.changelog),
        [VERSION_MODEL, ENDPOINTS],
      )
      .inSingletonScope();
    bind(CacheControl)
      .toResolvedValue((standings: VersionModel) => new CacheControl(web.cacheMaxAgeSeconds, standings.lifecycles), [VERSION_MODEL])
      .inSingletonScope();
    if (logs.access !== undefined) bind<RequestObserver>(REQUEST_OBSERVERS).toConstantValue(new AccessLog(logs.access));
    bind<RequestObserver>(REQUEST_OBSERVERS)
      .toResolvedValue((counter: UsageCounter) => new UsageObserver(counter), [UsageCounter])
      .inSingletonScope();
    bind(ApiRequestHandler).toSelf().inSingletonScope();
    bind(ApiServer).toSelf().inSingletonScope();
  });
}

/** Where the API's collections are served, and what its documents call it: what the routes are made from. */
function bindPublication(
  bind: ContainerModuleLoadOptions['bind'],
  {
    collections,
    info,
    operations = [],
    endpoints = DEFAULT_ENDPOINTS,
  }: Pick<ApiDefinition, 'collections' | 'info'> & Partial<Pick<ApiDefinition, 'operations' | 'endpoints'>>,
): void {
  bind<ApiInfo>(API_INFO).toConstantValue(info);
  bind<Endpoints>(ENDPOINTS).toConstantValue(endpoints);
  // The use cases name a client's self-service where the API places it, never a path of their own.
  bind<PinStatePath>(PIN_STATE_PATH).toConstantValue(endpoints.clients === false ? undefined : clientPaths(endpoints.clients).state);
  bind<readonly OperationSet[]>(OPERATION_SETS).toConstantValue(operations);
  bind<ReadonlyMap<string, CollectionRoutes>>(COLLECTION_ROUTES).toConstantValue(
    new Map(collections.map((collection) => [collection.name, collection])),
  );
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
 * VersionModelError naming what is wrong; nothing is served half-built.
 */
export async function composeApi(
  api: ApiDefinition,
  env: Environment,
  output: ServiceOutput,
  replacements: ServiceReplacements = {},
): Promise<ComposedService> {
  const settings = readServiceSettings(env, api);
  const model = replacements.model ?? api.model(settings);
  const clock = replacements.clock ?? (settings.today === undefined ? new SystemClock() : new FixedClock(settings.today));
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
  const usage = container.get(UsageCounter);
  const logLine = (level: string, message: string, fields: Record<string, unknown>): void =>
    output.stderr(JSON.stringify({ time: new Date().toISOString(), level, message, ...fields }));
  const spool = new UsageSpool(settings.usageSpoolDir);
  const flushUsage = (): Promise<void> =>
    usage.flush().catch((error: unknown) => {
      logLine('error', 'usage counts not stored; kept for the next try', { requests: requestsIn(usage.pending()), error: String(error) });
    });
  // Every USAGE_FLUSH_MS, and once more on stop: a request never waits on the store.
  const flusher = setInterval(() => void flushUsage(), replacements.usageFlushMs ?? USAGE_FLUSH_MS).unref();
  /** The last flush: what the store refuses now would be lost with the process, so it goes to the spool. */
  const lastFlush = async (): Promise<void> => {
    const stored = await usage.flush().then(
      () => undefined,
      (error: unknown) => String(error),
    );
    if (stored === undefined) return;
    const counts = usage.takePending();
    const requests = requestsIn(counts);
    await spool.keep(counts).then(
      (file) => logLine('error', 'usage counts not stored; spooled, to be stored at the next start', { requests, file, error: stored }),
      (spoolError: unknown) =>
        logLine('error', 'usage counts lost: neither stored nor spooled', { requests, error: stored, spool_error: String(spoolError) }),
    );
  };
  let stopping: Promise<void> | undefined;
  return {
    settings,
    storage: storage.describe(counts.length === 0 ? 'no collections' : counts.map(({ name, total }) => `${name}: ${total}`).join(', ')),
    server,
    handle: nodeHandler(handler),
    requestPath: handler,
    metrics,
    stop: () =>
      (stopping ??= (async () => {
        await server.stop();
        clearInterval(flusher);
        await lastFlush();
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

/** Every setting, the layer's and the API's own, checked; throws StartupError naming each bad one. */
export function readServiceSettings(env: Environment, { versions, settings }: Pick<ApiDefinition, 'versions' | 'settings'>): Settings {
  return readSettings(
    env,
    versions.map((version) => Version.parse(version)),
    settings,
  );
}

/** A DEFAULT_VERSION whose sunset has come by the day of the start refuses the start. */
export function refuseRetiredDefault(model: VersionModel, today: CalendarDate): void {
  const standing = model.standingOn(today);
  const byDefault = standing.resolve(undefined);
  // With no version named, the only refusal is a retired default.
  if (byDefault instanceof RetiredVersionError) {
    const { version, sunset } = byDefault;
    throw new StartupError(
      `bad setting: DEFAULT_VERSION="${version}" names a version retired on ${sunset.toString()}, its sunset date (today is ${today.toString()}); ` +
        `set it to latest, earliest or a supported version (${standing.supported.join(', ')})`,
    );
  }
}

/** The storage adapter STORAGE selects: the data file in memory, or a migrated PostgreSQL database. */
async function openStorage(
  api: ApiDefinition,
  settings: Settings,
  model: VersionModel,
  clock: Clock,
  output: ServiceOutput,
  persistence: PersistenceModule,
): Promise<Storage> {
  if (settings.storage === 'postgres') {
    // Loaded only when chosen, so the in-memory service neither loads the driver nor pays for it at start.
    const { openPostgresStorage } = await import('./adapters/persistence/postgres/connect-postgres.js');
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
  const source = settings.dataFile === undefined ? 'the bundled sample data' : `DATA_FILE ${settings.dataFile}`;
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
    describe: (counts) => `memory (${counts}) from ${source}${clientsFrom}`,
    registerMetrics: () => {},
    close: async () => {},
  };
}

/** The in-memory storage's clients, and its usage counts (held as long as the process runs). */
function clientsModule(clients: ClientRepository, usage: UsageStore = new InMemoryUsageStore()): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind<ClientRepository>(CLIENT_REPOSITORY).toConstantValue(clients);
    bind<UsageStore>(USAGE_STORE).toConstantValue(usage);
  });
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
  const noRecords = Object.fromEntries(api.collections.map(({ name }) => [name, []])) as unknown as LoadedRecords;
  container.load(
    applicationModule(model, clock, api),
    memoryPersistenceModule(noRecords, api.collections),
    clientsModule(clients, usage),
    new ContainerModule(({ bind }) => {
      bindPublication(bind, api);
      bind(AnswerCache).toConstantValue(new AnswerCache());
      bind(ApiRoutes).toSelf().inSingletonScope();
    }),
  );
  return { reports: container.get(UpgradeReports), reach: container.get(ApiRoutes).reach };
}
