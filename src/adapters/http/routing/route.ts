import type { Awaitable } from '../../../application/ports/awaitable.js';
import type { CalendarDate } from '../../../domain/records/calendar-date.js';
import type { Client } from '../../../domain/clients/client.js';
import type { Refusal } from '../../../domain/errors/refusal.js';
import type { OperationRoute } from './operation-route.js';
import type { ReadsQuery } from './reads-query.js';
import type { PutContract, RouteContract } from './route-contract.js';
import type { RouteOutcome, RouteRequest, RouteResponse } from './route-request.js';

/** A path of the layer's own served at a version, like `/changelog/me/`, and what answers a GET on it at the resolved version. */
export interface VersionedRoute extends ReadsQuery {
  readonly pattern: string;
  readonly unversioned?: false;
  readonly contract: RouteContract;
  handle(request: RouteRequest): Awaitable<RouteOutcome>;
  /** Whether its query's `version` (one of its queryParameters) names the version too, as Api-Version: a URL per version. */
  readonly versionInQuery?: true;
}

/** A path outside API versioning (`/health/`): it answers whatever version Accept asks for, and names none. */
export interface UnversionedRoute extends ReadsQuery {
  readonly pattern: string;
  readonly unversioned: true;
  readonly contract: RouteContract;
  handle(request: RouteRequest<undefined>): Awaitable<RouteOutcome>;
}

export type Route = VersionedRoute | UnversionedRoute;

/** A path outside the API and its contract (the docs page, its scripts): unversioned, and in no OpenAPI document. */
export interface PageRoute extends ReadsQuery {
  readonly pattern: string;
  readonly unversioned: true;
  readonly contract?: undefined;
  handle(request: RouteRequest<undefined>): Awaitable<RouteOutcome>;
  /** Its own answer to a query it refuses (`checkQuery`'s 400), in its own media type, its links below `base`; the JSON refusal when absent. */
  readonly refuseQuery?: (refusal: Refusal, today: CalendarDate, base: string) => RouteResponse;
}

/**
 * A path a client changes with PUT (`/client/version`), outside API versioning: the handler judges the caller's key
 * (a 401 without one), then reads and parses its JSON body (bounded) before `put` gets it. It answers no GET.
 */
export interface PutRoute extends ReadsQuery {
  readonly pattern: string;
  readonly unversioned: true;
  readonly method: 'PUT';
  readonly contract: PutContract;
  put(request: RouteRequest<undefined> & { readonly client: Client }, body: unknown): Awaitable<RouteOutcome>;
}

/** Every route the router serves. */
export type ServedRoute = Route | PageRoute | PutRoute | OperationRoute;

/** A route of the API, which the OpenAPI documents describe. */
export type ApiRoute = Route | PutRoute | OperationRoute;

/** Whether a route is a path of operations: a collection's, or of the team's own. */
export function isOperationRoute(route: ServedRoute): route is OperationRoute {
  return 'operations' in route;
}
