import type { Awaitable } from '../../../application/ports/awaitable.js';
import type { CalendarDate } from '../../../domain/records/calendar-date.js';
import type { JsonSchema } from '../../../domain/versioning/json-schema.js';
import type { JsonValue } from '../../../domain/versioning/representation.js';
import type { RecordType } from '../../../domain/versioning/record-type.js';
import type { Version } from '../../../domain/versioning/version.js';
import type { Client } from '../../../domain/clients/client.js';
import type { Refusal } from '../../../domain/errors/refusal.js';

/** The methods every path answers; any other is a 405 naming them in `Allow`. */
export const ALLOWED_METHODS = 'GET, HEAD, OPTIONS';

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

/** What a route's 200 answers with: one record, a page of records, or a body of a fixed schema. */
export type RouteBody =
  | { readonly kind: 'record' | 'page'; readonly recordType: RecordType<never> }
  | { readonly kind: 'fixed'; readonly name: string; readonly schema: JsonSchema };

/** What the published contract says of a route: its operation, and at which versions it exists. */
export interface RouteContract {
  readonly operationId: string;
  readonly summary: string;
  readonly tag: string;
  readonly body: RouteBody;
  /** Whether it exists at the version; at every version when absent. */
  availableAt?(version: Version): boolean;
  /** Whether it is removed after the last version that serves it (a removedIn in the history); never when absent. */
  readonly ends?: boolean;
  /** Headers its 200 and 503 always carry beyond the common ones, by name, with what they say. */
  readonly headers?: Readonly<Record<string, string>>;
  /** Whether a fixed body may also be answered 503 (a record or a page always may: the storage may not answer). */
  readonly mayBeUnavailable?: boolean;
  /** Whether only a client may call it, with its API key (a 401 without one); anyone may, with a key or without, when absent. */
  readonly keyRequired?: boolean;
  /** The refusals its handler answers beyond every route's, by error code (the code table gives the status), each with when. */
  readonly refusals?: Readonly<Record<string, string>>;
  /** The media type of its 200 when it is not plain JSON (the API catalog's linkset). */
  readonly mediaType?: string;
  /** The query parameters it reads beyond a page's, as the documents declare them. */
  readonly query?: readonly { readonly [key: string]: JsonValue }[];
  /** The view set action it serves, which a view change reaches. */
  readonly serves?: { readonly viewSet: string; readonly action: string };
}

/** The contract of a PutRoute: also the JSON body it takes. */
export interface PutContract extends RouteContract {
  readonly requestBody: {
    readonly name: string;
    readonly schema: JsonSchema;
    /** A body to show in the document of a version. */
    example?(version: Version): JsonValue;
  };
}

/** The query parameters a route reads; any other is a 400 naming it (`checkQuery`, api-request-handler.ts). */
export interface ReadsQuery {
  /** None when absent. */
  readonly queryParameters?: readonly string[];
  /** What they are for, when the names alone do not say, and a target that uses them, below the base (`/openapi.json?version=X.Y.Z`). */
  readonly queryNote?: { readonly purpose: string; readonly target: string };
}

/** What a write's handler gets beyond the request: the JSON body as sent, and the Idempotency-Key, when the write reads one. */
export interface WriteRequest {
  readonly body: unknown;
  readonly idempotencyKey: string | undefined;
}

/** What the published contract says of a write: its operation, the body it takes at each version, and what it answers. */
export interface WriteContract {
  readonly operationId: string;
  readonly summary: string;
  /** The record type it stores and answers with. */
  readonly recordType: RecordType<never>;
  /** 201 with Location for a create, 200 for an update. */
  readonly status: 201 | 200;
  /** The JSON Schema of its body at the version. */
  bodyAt(version: Version): JsonSchema;
  /** Whether it exists at the version. */
  availableAt(version: Version): boolean;
  /** Whether it is removed after the last version that serves it. */
  readonly ends: boolean;
  /** The refusals its handler answers beyond every route's, by error code, each with when. */
  readonly refusals: Readonly<Record<string, string>>;
}

/**
 * A write a versioned route takes beside GET, at the request's version: POST to a collection's path (a create), PATCH
 * to a record's (an update, a merge patch). Its JSON body is read (bounded) before `handle` gets it.
 */
export interface RouteWrite {
  readonly method: 'POST' | 'PATCH';
  readonly contract: WriteContract;
  /** Whether it reads the Idempotency-Key header (a create does). */
  readonly idempotent: boolean;
  handle(request: RouteRequest, write: WriteRequest): Awaitable<RouteOutcome>;
}

/** One path of the API, like `/doggies/:id/`, and what answers a GET on it at the resolved version (and a write, when it takes one). */
export interface VersionedRoute extends ReadsQuery {
  readonly pattern: string;
  readonly unversioned?: false;
  readonly contract: RouteContract;
  handle(request: RouteRequest): Awaitable<RouteOutcome>;
  readonly write?: RouteWrite;
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

/** What the published contract says of an operation of the team's own: the declaration, its schemas with `$ref`s to record types. */
export interface OperationContract {
  readonly operationId: string;
  readonly summary: string;
  readonly description: string | undefined;
  readonly tag: string;
  readonly serves: { readonly viewSet: string; readonly action: string };
  readonly params: Readonly<Record<string, JsonSchema>>;
  readonly query: Readonly<Record<string, JsonSchema>>;
  readonly body: JsonSchema | undefined;
  /** Each declared status: a success's body schema (or a text, for one without a body), a refusal's text. */
  readonly responses: Readonly<Record<number, JsonSchema | string>>;
  /** The record types its schemas hold, at any depth, by name. */
  readonly recordTypes: ReadonlySet<string>;
  availableAt(version: Version): boolean;
  readonly ends: boolean;
}

/** One operation of the team's own on its path: run at the request's version, with its JSON body when it takes one. */
export interface ServedOperation {
  readonly method: string;
  readonly contract: OperationContract;
  readonly takesBody: boolean;
  handle(request: RouteRequest, body: unknown): Awaitable<RouteOutcome>;
}

/** A path of operations of the team's own, each method its own (GET answering HEAD too); `contract` speaks for the path. */
export interface OperationRoute extends ReadsQuery {
  readonly pattern: string;
  readonly unversioned?: false;
  readonly contract: Omit<RouteContract, 'body'> & { readonly body: { readonly kind: 'operations' } };
  readonly operations: ReadonlyMap<string, ServedOperation>;
}

/** Every route the router serves. */
export type ServedRoute = Route | PageRoute | PutRoute | OperationRoute;

/** A route of the API, which the OpenAPI documents describe. */
export type ApiRoute = Route | PutRoute | OperationRoute;

/** Whether a route is a path of operations of the team's own. */
export function isOperationRoute(route: ServedRoute): route is OperationRoute {
  return 'operations' in route;
}

/** The methods an operation route answers, in this order. */
const OPERATION_ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** The methods of the API's writes on a route (a collection's, an operation's other than GET): what a CORS preflight may allow. */
export function writeMethods(route: ServedRoute): readonly string[] {
  if (isOperationRoute(route)) return [...route.operations.keys()].filter((method) => method !== 'GET');
  const write = writeOf(route);
  return write === undefined ? [] : [write.method];
}

/** The `Allow` of a route: what it answers. */
export function allowedMethods(route: ServedRoute): string {
  if (isOperationRoute(route)) {
    const methods = new Set(route.operations.keys());
    if (methods.has('GET')) methods.add('HEAD');
    return [...OPERATION_ORDER.filter((method) => methods.has(method)), 'OPTIONS'].join(', ');
  }
  if ('method' in route) return PUT_METHODS;
  const write = writeOf(route);
  return write === undefined ? ALLOWED_METHODS : WRITE_METHODS[write.method];
}

/** The `Allow` of a route that takes a write, by its method: made once, as a 405 reads it. */
const WRITE_METHODS: Readonly<Record<RouteWrite['method'], string>> = { POST: 'GET, HEAD, POST, OPTIONS', PATCH: 'GET, HEAD, PATCH, OPTIONS' };

/** The write a route takes, if any. */
export function writeOf(route: ServedRoute): RouteWrite | undefined {
  return 'write' in route && !isOperationRoute(route) ? route.write : undefined;
}

const PUT_METHODS = 'PUT, OPTIONS';

/**
 * What the route reads, in the words a refusal and the published documents share: the note's target below `base`, the
 * request's in a refusal, none in a document (its paths are below its `servers`).
 */
export function acceptedText(route: Pick<ServedRoute, 'queryParameters' | 'queryNote'>, base = ''): string {
  const accepted = (route.queryParameters ?? []).map((name) => `"${name}"`);
  if (accepted.length === 0) return 'this path accepts no query parameters';
  const names = accepted.length === 1 ? accepted[0] : `${accepted.slice(0, -1).join(', ')} and ${accepted.at(-1) as string}`;
  const note = route.queryNote === undefined ? '' : ` (${route.queryNote.purpose}: ${base}${route.queryNote.target})`;
  return `this path accepts only ${names as string}${note}`;
}
