import type { IncomingMessage } from 'node:http';
import type { Client } from '../../../domain/clients/client.js';
import type { CalendarDate } from '../../../domain/records/calendar-date.js';
import { quoteShortened } from '../../../domain/errors/quote-shortened.js';
import { Refusal } from '../../../domain/errors/refusal.js';
import type { Version } from '../../../domain/versioning/version.js';
import type { CorsPolicy } from '../cors/cors-policy.js';
import { VERSION_QUERY_PARAMETER } from '../request/api-version-header.js';
import { clientOf } from '../request/authorization.js';
import { MAX_RECORD_BODY_BYTES, readJsonBody, type ReadBody } from '../request/json-body.js';
import { idempotencyKeyOf } from '../request/idempotency-key.js';
import { BadRequestError, MethodNotAllowedError, MissingTokenError, UnknownPathError } from '../request/refusals.js';
import { checkHostHeader, parseQuery, parseRequestTarget } from '../request/request-target.js';
import type { ServedTarget } from '../routing/served-target.js';
import type { OptionsHeaders } from '../routing/options-headers.js';
import type { ServedOperation } from '../routing/operation-route.js';
import { acceptedText } from '../routing/reads-query.js';
import { isOperationRoute, type PageRoute, type ServedRoute, type VersionedRoute } from '../routing/route.js';
import { ALLOWED_METHODS, allowedMethods } from '../routing/route-methods.js';
import type { RouteOutcome, RouteRequest, RouteResponse } from '../routing/route-request.js';
import type { RouteMatch, Router } from '../routing/router.js';
import type { Exchange } from './exchange.js';
import type { VersionNegotiation } from './version-negotiation.js';

/**
 * The steps of a request's path: each is a plain function that returns the request's answer (a response or a
 * refusal), or what it learnt for the steps after it (the route, the query, the client, the version); none writes
 * the exchange. `ApiRequestHandler` runs them in the order it writes once, notes what each learnt in the exchange (for
 * the answer's headers and the observers), sends the answer, then tells the observers. A refusal is returned, never
 * thrown: only a fault is thrown (a logged 500). The in-memory path runs in the request's own turn; a route that
 * answers with a promise (the database) is sent when it settles.
 */

/** What answers a request: a response or a refusal, or a promise of either. */
export type Outcome = RouteOutcome | Promise<RouteOutcome>;

/** Unknown names quoted in one refusal at most; the rest are counted. */
const NAMED_AT_MOST = 5;
const REDIRECTABLE_PATH = /^[\x21-\x7e]*$/;
/** A preflight for an origin or method not allowed: answered, with no CORS headers, so the browser refuses the request. */
const PREFLIGHT_REFUSED = Object.freeze({ Allow: ALLOWED_METHODS });
/** An empty query: read by the routes, never changed. */
export const NO_QUERY = new URLSearchParams();
const NO_PARAMS: Readonly<Record<string, string>> = Object.freeze({});

/** The request's exchange as its steps start it: its target (`path`, `queryString`) below `base`, and what is read once a request. */
export function openExchange(
  req: IncomingMessage,
  base: string,
  { path, queryString }: Pick<Exchange, 'path' | 'queryString'>,
  started: number,
  today: CalendarDate,
  now: number | undefined,
  cors: CorsPolicy,
): Exchange {
  const { origin, 'if-none-match': ifNoneMatch, 'user-agent': userAgent } = req.headers;
  const { method } = req as { method: string };
  // Every field written out, in one order: every exchange has the one shape the steps read.
  return {
    method,
    base,
    path,
    queryString,
    started,
    today,
    now,
    origin,
    ifNoneMatch,
    userAgent,
    cors: cors.response(origin),
    route: undefined,
    params: NO_PARAMS,
    query: NO_QUERY,
    version: undefined,
    brownout: undefined,
    client: undefined,
  };
}

/** 1. RFC 9112 3.2: exactly one Host (at most one in HTTP/1.0): 400. */
export function hostCheck(req: IncomingMessage): Refusal | undefined {
  return checkHostHeader(req);
}

/**
 * 2. A CORS preflight (OPTIONS with Origin and Access-Control-Request-Method) is answered 204 whatever its path and
 * Accept: with the methods, headers and max-age allowed, or with none of them when its origin or method is not. Its
 * headers are the only CORS headers of its answer.
 */
export function preflight(cors: CorsPolicy, { method, origin }: Exchange, requestedMethod: string | undefined): RouteResponse | undefined {
  if (requestedMethod === undefined || origin === undefined || method !== 'OPTIONS') return undefined;
  return { status: 204, body: undefined, headers: cors.preflight(origin, requestedMethod) ?? PREFLIGHT_REFUSED };
}

/**
 * 3. The route the path names, with its params; else a 301 to the slash form when that one exists, or a 404. `served`:
 * what a mount's check found of the same path (`servedTarget`), so that a request is routed once.
 */
export function findRoute(router: Router, { base, path, queryString }: Exchange, served?: ServedTarget): RouteMatch | RouteOutcome {
  const match = served === undefined ? router.match(path) : served.match;
  if (match !== undefined) return match;
  if (served === undefined && !movedToSlash(router, path)) return new UnknownPathError();
  const location = queryString === '' ? `${base}${path}/` : `${base}${path}/?${queryString}`;
  return { status: 301, body: { detail: `Moved permanently to ${location}.` }, headers: { Location: location } };
}

/** Whether findRoute found the route (else it answered). */
export function isRouteMatch(found: RouteMatch | RouteOutcome): found is RouteMatch {
  return !(found instanceof Refusal) && 'route' in found;
}

/**
 * What the API answers of a target: its route's match, or none when its slash form is a route's (findRoute's 301);
 * undefined when it answers neither, and a mount hands the request on.
 */
export function servedTarget(router: Router, target: string): ServedTarget | undefined {
  const { path, queryString } = parseRequestTarget(target);
  const match = router.match(path);
  return match !== undefined || movedToSlash(router, path) ? { path, queryString, match } : undefined;
}

function movedToSlash(router: Router, path: string): boolean {
  return !path.endsWith('/') && REDIRECTABLE_PATH.test(path) && router.match(`${path}/`) !== undefined;
}

/**
 * 4. The query, parsed, when the route reads every parameter it names; a parameter the route does not read is a 400
 * naming it and those the route reads: a misspelling is never served as something else. A page answers it as a page
 * of its own.
 */
export function readQuery({ queryString, today, base }: Exchange, route: ServedRoute): URLSearchParams | RouteOutcome {
  if (queryString === '') return NO_QUERY;
  const query = parseQuery(queryString);
  const refusal = query instanceof BadRequestError ? query : unknownNames(query, route, base);
  if (refusal === undefined) return query;
  const { refuseQuery } = route as Partial<PageRoute>;
  return refuseQuery === undefined ? refusal : refuseQuery(refusal, today, base);
}

function unknownNames(query: URLSearchParams, route: ServedRoute, base: string): BadRequestError | undefined {
  const accepted = route.queryParameters ?? [];
  const unknown = new Set<string>();
  for (const name of query.keys()) if (!accepted.includes(name)) unknown.add(name);
  if (unknown.size === 0) return undefined;
  return new BadRequestError(`${unknownText([...unknown])}; ${acceptedText(route, base)}.`);
}

/**
 * 5. A method of one of the path's operations goes on (HEAD as GET), PUT to a route that takes a body, GET and HEAD to
 * the layer's own reads; OPTIONS is a 204 with the path's versions; any other method a 405.
 */
export function checkMethod(options: OptionsHeaders, { method, today }: Exchange, route: ServedRoute): RouteResponse | Refusal | undefined {
  if (isOperationRoute(route)) {
    if (route.operations.has(method === 'HEAD' ? 'GET' : method)) return undefined;
  } else if ('method' in route ? method === 'PUT' : method === 'GET' || method === 'HEAD') return undefined;
  if (method === 'OPTIONS') return { status: 204, body: undefined, headers: options.of(route, today) };
  return new MethodNotAllowedError(method, allowedMethods(route));
}

/** 6. The client the Authorization names (`identify` finds it by its key's hash); none: anonymous. A bad or unknown key: 401, 400. */
export function identifyClient(identify: (keyHash: string) => Client | undefined, req: IncomingMessage): Client | undefined | Refusal {
  return clientOf(req, identify);
}

/**
 * 7. The version a versioned route is served at: the query's `version` (where the route takes it), else Api-Version,
 * else Accept, else the client's pin, else the default; 400, 406, 410 (a BrownoutError names its version, which the
 * metrics count).
 */
export function chooseVersion(
  versions: VersionNegotiation,
  { today, now }: Exchange,
  route: ServedRoute,
  query: URLSearchParams,
  client: Client | undefined,
  req: IncomingMessage,
): Version | Refusal {
  const { accept, 'api-version': named } = req.headers;
  const queried = query.size === 0 ? undefined : versionInQuery(route, query);
  if (queried instanceof Refusal) return queried;
  if (queried !== undefined) return versions.selectQueried(accept, queried, named as string | undefined, today, now);
  if (named !== undefined) return versions.selectNamed(accept, named as string, today, now);
  return client === undefined ? versions.select(accept, today, now) : versions.selectPinned(accept, today, client.pinnedVersion, now);
}

/**
 * 8. The route's answer: an operation's handler (a collection's use case, or the team's own) asks whether it exists
 * at the version (404) and reads the storage (503); its JSON body is read first (415, 413, 400), or taken as the
 * framework read it (`read`), after its Idempotency-Key when it reads one. A PUT's body is read once its caller is
 * known to be a client: 401, then 415, 413, 400.
 */
export function runRoute(
  route: ServedRoute,
  method: string,
  request: RouteRequest<Version | undefined>,
  req: IncomingMessage,
  read?: ReadBody,
): Outcome {
  if ('method' in route) {
    const { client } = request;
    if (client === undefined) return new MissingTokenError();
    return readJsonBody(req, {}, read).then((body) => (body instanceof Refusal ? body : route.put({ ...request, version: undefined, client }, body)));
  }
  if (route.unversioned === true) return route.handle(request as RouteRequest<undefined>);
  const versioned = request as RouteRequest;
  if (!isOperationRoute(route)) return route.handle(versioned);
  const operation = route.operations.get(method === 'HEAD' ? 'GET' : method) as ServedOperation;
  if (!operation.takesBody) return operation.handle(versioned, undefined);
  const idempotencyKey = operation.idempotent === true ? idempotencyKeyOf(req) : undefined;
  if (idempotencyKey instanceof Refusal) return idempotencyKey;
  return readJsonBody(req, { maxBytes: MAX_RECORD_BODY_BYTES, mergePatch: operation.method === 'PATCH' }, read).then((body) =>
    body instanceof Refusal ? body : operation.handle(versioned, body, idempotencyKey),
  );
}

/** A route served at a version: neither one outside versioning (`/health/`, the docs page) nor one that takes a body. */
export function isVersioned(route: ServedRoute): boolean {
  return !('method' in route) && route.unversioned !== true;
}

/** The version the query names on a route that takes one; a 400 when it is given more than once. */
function versionInQuery(route: ServedRoute, query: URLSearchParams): string | BadRequestError | undefined {
  if ((route as Partial<VersionedRoute>).versionInQuery !== true) return undefined;
  const named = query.getAll(VERSION_QUERY_PARAMETER);
  if (named.length > 1) return new BadRequestError(`Give "${VERSION_QUERY_PARAMETER}" once; it was given ${named.length} times.`);
  return named[0];
}

function unknownText(names: readonly string[]): string {
  const quoted = names.slice(0, NAMED_AT_MOST).map((name) => quoteShortened(name));
  const more = names.length > NAMED_AT_MOST ? ` and ${names.length - NAMED_AT_MOST} more` : '';
  return `${names.length === 1 ? 'Unknown query parameter' : 'Unknown query parameters'} ${quoted.join(', ')}${more}`;
}
