import { ContainerModule, type ContainerModuleLoadOptions } from 'inversify';
import { CacheSizes } from '../adapters/caching/cache-sizes.js';
import { PIN_STATE_PATH, type PinStatePath } from '../application/ports/pin-state-path.js';
import { VERSION_MODEL } from '../application/version-model-token.js';
import { ApiRequestHandler } from '../adapters/http/api-request-handler.js';
import { ApiRoutes } from '../adapters/http/api-routes.js';
import { ApiServer } from '../adapters/http/api-server.js';
import { API_SERVER_OPTIONS, type ApiServerOptions } from '../adapters/http/server-options.js';
import { CacheControl } from '../adapters/http/caching/cache-control.js';
import { CorsPolicy } from '../adapters/http/cors/cors-policy.js';
import { HTTP_LOGS, type HttpLogs } from '../adapters/http/http-logs.js';
import { API_INFO, type ApiInfo } from '../adapters/http/openapi/api-info.js';
import { OPERATION_SETS, type OperationSet } from '../adapters/http/operations/operation-declaration.js';
import { AnswerCache } from '../adapters/http/response/answer-cache.js';
import { LifecycleHeaders } from '../adapters/http/response/lifecycle-headers.js';
import { COLLECTION_ROUTES, type CollectionRoutes } from '../adapters/http/routing/collection-routes.js';
import { clientPaths, DEFAULT_ENDPOINTS, ENDPOINTS, type Endpoints } from '../adapters/http/routing/endpoints.js';
import { OptionsHeaders } from '../adapters/http/routing/options-headers.js';
import { writeMethods } from '../adapters/http/routing/route-methods.js';
import { Router } from '../adapters/http/routing/router.js';
import { AccessLog } from '../adapters/http/observers/access-log.js';
import { REQUEST_OBSERVERS, type RequestObserver } from '../adapters/http/observers/request-observer.js';
import { UsageObserver } from '../adapters/http/observers/usage-observer.js';
import { VersionNegotiation } from '../adapters/http/steps/version-negotiation.js';
import { DEFAULT_WEB_OPTIONS, WEB_OPTIONS, type WebOptions } from '../adapters/http/web-options.js';
import type { ApiDefinition } from './api-definition.js';
import type { VersionModel } from '../domain/versioning/version-model.js';

/** What an API publishes: its collections and operations, where its own endpoints go, and what its documents call it. */
type PublishedApi = Pick<ApiDefinition, 'collections' | 'info'> & Partial<Pick<ApiDefinition, 'operations' | 'endpoints'>>;

/** The node:http adapter, serving the API's collections at their routes. */
export function httpModule(logs: HttpLogs, options: ApiServerOptions, web: WebOptions = DEFAULT_WEB_OPTIONS, api: PublishedApi): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bindRoutes(bind, api);
    bind<HttpLogs>(HTTP_LOGS).toConstantValue(logs);
    bind<ApiServerOptions>(API_SERVER_OPTIONS).toConstantValue(options);
    bind<WebOptions>(WEB_OPTIONS).toConstantValue(web);
    // The request's steps' parts, made here: each takes fields of what is bound (the routes' list, a setting, the lifecycles).
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
      .toResolvedValue((routes: ApiRoutes, model: VersionModel) => new OptionsHeaders(routes.all, model), [ApiRoutes, VERSION_MODEL])
      .inSingletonScope();
    bind(VersionNegotiation)
      .toResolvedValue(
        (model: VersionModel, sizes: CacheSizes) => new VersionNegotiation(model, logs.errors, sizes.acceptHeaders),
        [VERSION_MODEL, CacheSizes],
      )
      .inSingletonScope();
    bind(LifecycleHeaders)
      .toResolvedValue(
        (model: VersionModel, endpoints: Endpoints) => new LifecycleHeaders(model.lifecycles, endpoints.changelog),
        [VERSION_MODEL, ENDPOINTS],
      )
      .inSingletonScope();
    bind(CacheControl)
      .toResolvedValue((model: VersionModel) => new CacheControl(web.cacheMaxAgeSeconds, model.lifecycles), [VERSION_MODEL])
      .inSingletonScope();
    if (logs.access !== undefined) bind<RequestObserver>(REQUEST_OBSERVERS).toConstantValue(new AccessLog(logs.access));
    bind<RequestObserver>(REQUEST_OBSERVERS).to(UsageObserver).inSingletonScope();
    bind(ApiRequestHandler).toSelf().inSingletonScope();
    bind(ApiServer).toSelf().inSingletonScope();
  });
}

/**
 * The API's routes and what they are made from, with the answer cache they keep their answers in: the server's, and
 * the command line's (`clients upgrade` reaches the same routes).
 */
export function bindRoutes(bind: ContainerModuleLoadOptions['bind'], api: PublishedApi): void {
  bindPublication(bind, api);
  bind(AnswerCache).toSelf().inSingletonScope();
  bind(ApiRoutes).toSelf().inSingletonScope();
}

/** Where the API's collections are served, and what its documents call it: what the routes are made from. */
function bindPublication(
  bind: ContainerModuleLoadOptions['bind'],
  { collections, info, operations = [], endpoints = DEFAULT_ENDPOINTS }: PublishedApi,
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
