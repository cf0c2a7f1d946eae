import type { CalendarDate } from '../../../domain/records/calendar-date.js';
import type { Version } from '../../../domain/versioning/version.js';
import type { Client } from '../../../domain/clients/client.js';
import type { Refusal } from '../../../domain/errors/refusal.js';

/** What a route's handler is given of a request. */
export interface RouteRequest<V extends Version | undefined = Version> {
  /** The resolved version; undefined on an unversioned route. */
  readonly version: V;
  /** The path the API is mounted at ('' at the root): the start of every link the route makes. */
  readonly base: string;
  /** The path as requested below the base, for links back to it. */
  readonly path: string;
  readonly params: Readonly<Record<string, string>>;
  /** The query's parameters, parsed once: none but the route's queryParameters. */
  readonly query: URLSearchParams;
  /** The service's date for the request, read once from the clock. */
  readonly today: CalendarDate;
  /** The caller its Authorization names; undefined for an anonymous one. */
  readonly client: Client | undefined;
}

export interface RouteResponse {
  /** 200 when absent. */
  readonly status?: number;
  readonly body: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

/** What a route answers: a response, or a refusal (such as a NotFoundError) returned rather than thrown. */
export type RouteOutcome = RouteResponse | Refusal;
