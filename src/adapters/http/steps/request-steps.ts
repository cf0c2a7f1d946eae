import type { IncomingMessage } from 'node:http';
import type { Client } from '../../../domain/clients/client.js';
import { quoteShortened } from '../../../domain/errors/quote-shortened.js';
import { Refusal } from '../../../domain/errors/refusal.js';
import { BrownoutError } from '../../../domain/versioning/refusals.js';
import type { Version } from '../../../domain/versioning/version.js';
import type { CorsPolicy } from '../cors/cors-policy.js';
import { VERSION_QUERY_PARAMETER } from '../request/api-version-header.js';
import { clientOf } from '../request/authorization.js';
import { MAX_RECORD_BODY_BYTES, readJsonBody, type ReadBody } from '../request/json-body.js';
import { idempotencyKeyOf } from '../request/idempotency-key.js';
import { BadRequestError, MissingTokenError, UnknownPathError } from '../request/refusals.js';
import { checkHostHeader, parseQuery } from '../request/request-target.js';
import type { OptionsHeaders } from '../routing/options-headers.js';
import type { ServedOperation } from '../routing/operation-route.js';
import { acceptedText } from '../routing/reads-query.js';
import { isOperationRoute, type PageRoute, type ServedRoute, type VersionedRoute } from '../routing/route.js';
import { ALLOWED_METHODS, allowedMethods } from '../routing/route-methods.js';
import type { RouteOutcome, RouteResponse } from '../routing/route-request.js';
import type { Router } from '../routing/router.js';
import type { Exchange } from './exchange.js';
import type { VersionNegotiation } from './version-negotiation.js';

/**
 * The steps of a request's path: each is a plain function that returns the request's answer (a
 * response or a refusal, or a promise of one), or undefined when the request goes on; `ApiRequestHandler` runs them
 * in the order it writes once, sends the answer, then tells the observers. A refusal is returned, never thrown: only
 * a fault is thrown (a logged 500). The in-memory path runs in the request's own turn; a route that answers with a
 * promise (the database) is sent when it settles.
 */

/** What answers a request: a response or a refusal, or a promise of either. */
export type Outcome = RouteOutcome | Promise<RouteOutcome>;

/** Unknown names quoted in one refusal at most; the rest are counted. */
const NAMED_AT_MOST = 5;
const REDIRECTABLE_PATH = /^[\x21-\x7e]*$/;
/** A preflight for an origin or method not allowed: answered, with no CORS headers, so the browser refuses the request. */
const PREFLIGHT_REFUSED = Object.freeze({ Allow: ALLOWED_METHODS });

/** 1. RFC 9112 3.2: exactly one Host (at most one in HTTP/1.0): 400. */
export function hostCheck(req: IncomingMessage): Refusal | undefined {
  return checkHostHeader(req);
}

/**
 * 2. A CORS preflight (OPTIONS with Origin and Access-Control-Request-Method) is answered 204 whatever its path and
 * Accept: with the methods, headers and max-age allowed, or with none of them when its origin or method is not.
 */
export function preflight(cors: CorsPolicy, exchange: Exchange, requestedMethod: string | undefined): RouteResponse | undefined {
  if (requestedMethod === undefined || exchange.origin === undefined || exchange.method !== 'OPTIONS') return undefined;
  exchange.cors = undefined;
  return { status: 204, body: undefined, headers: cors.preflight(exchange.origin, requestedMethod) ?? PREFLIGHT_REFUSED };
}

/** 3. The route the path names, noted in the exchange; else a 301 to the slash form when that one exists, or a 404. */
export function findRoute(router: Router, exchange: Exchange): RouteOutcome | undefined {
  const match = router.match(exchange.path);
  if (match !== undefined) {
    exchange.route = match.route;
    exchange.params = match.params;
    return undefined;
  }
  const { base, path, queryString } = exchange;
  if (!movedToSlash(router, path)) return new UnknownPathError();
  const location = queryString === '' ? `${base}${path}/` : `${base}${path}/?${queryString}`;
  return { status: 301, body: { detail: `Moved permanently to ${location}.` }, headers: { Location: location } };
}

/** Whether the API answers a path: a route's, or one whose slash form is a route's (findRoute's 301). What a mount hands on otherwise. */
export function servesPath(router: Router, path: string): boolean {
  return router.match(path) !== undefined || movedToSlash(router, path);
}

function movedToSlash(router: Router, path: string): boolean {
  return !path.endsWith('/') && REDIRECTABLE_PATH.test(path) && router.match(`${path}/`) !== undefined;
}

/**
 * 4. A query parameter the route does not read is a 400 naming it and those the route reads: a misspelling is never
 * served as something else. A page answers it as a page of its own.
 */
export function checkQuery(exchange: Exchange, route: ServedRoute): RouteOutcome | undefined {
  if (exchange.queryString === '') return undefined;
  const refusal = queryRefusal(exchange, route);
  const { refuseQuery } = route as PageRoute;
  return refusal === undefined || refuseQuery === undefined ? refusal : refuseQuery(refusal, exchange.today, exchange.base);
}

function queryRefusal(exchange: Exchange, route: ServedRoute): BadRequestError | undefined {
  const parsed = parseQuery(exchange.queryString);
  if (parsed instanceof BadRequestError) return parsed;
  exchange.query = parsed;
  const accepted = route.queryParameters ?? [];
  const unknown = new Set<string>();
  for (const name of parsed.keys()) if (!accepted.includes(name)) unknown.add(name);
  if (unknown.size === 0) return undefined;
  return new BadRequestError(`${unknownText([...unknown])}; ${acceptedText(route, exchange.base)}.`);
}

/**
 * 5. A method of one of the path's operations goes on (HEAD as GET), PUT to a route that takes a body, GET and HEAD to
 * the layer's own reads; OPTIONS is a 204 with the path's versions; any other method a 405.
 */
export function checkMethod(options: OptionsHeaders, { method, today }: Exchange, route: ServedRoute): RouteResponse | undefined {
  if (isOperationRoute(route)) {
    if (route.operations.has(method === 'HEAD' ? 'GET' : method)) return undefined;
  } else if ('method' in route ? method === 'PUT' : method === 'GET' || method === 'HEAD') return undefined;
  if (method === 'OPTIONS') return { status: 204, body: undefined, headers: options.of(route, today) };
  return { status: 405, body: { detail: `Method "${method}" not allowed.` }, headers: { Allow: allowedMethods(route) } };
}

/** 6. The client the Authorization names (`identify` finds it by its key's hash), noted in the exchange (none: anonymous); a bad or unknown key: 401, 400. */
export function identifyClient(identify: (keyHash: string) => Client | undefined, exchange: Exchange, req: IncomingMessage): Refusal | undefined {
  const client = clientOf(req, identify);
  if (client instanceof Refusal) return client;
  exchange.client = client;
  return undefined;
}

/**
 * 7. The version a versioned route is served at, noted in the exchange: the query's `version` (where the route takes
 * it), else Api-Version, else Accept, else the client's pin, else the default; 400, 406, 410 (a brownout's version
 * noted for the metrics).
 */
export function chooseVersion(versions: VersionNegotiation, exchange: Exchange, req: IncomingMessage): Refusal | undefined {
  const { accept, 'api-version': named } = req.headers;
  const { today, now, client } = exchange;
  const queried = exchange.queryString === '' ? undefined : versionInQuery(exchange);
  if (queried instanceof Refusal) return queried;
  const version =
    queried !== undefined
      ? versions.selectQueried(accept, queried, named as string | undefined, today, now)
      : named !== undefined
        ? versions.selectNamed(accept, named as string, today, now)
        : client === undefined
          ? versions.select(accept, today, now)
          : versions.selectPinned(accept, today, client.pinnedVersion, now);
  if (version instanceof Refusal) {
    if (version instanceof BrownoutError) exchange.brownout = version.version;
    return version;
  }
  exchange.version = version;
  return undefined;
}

/**
 * 8. The route's answer: an operation's handler (a collection's use case, or the team's own) asks whether it exists
 * at the version (404) and reads the storage (503); its JSON body is read first (415, 413, 400), or taken as the
 * framework read it (`read`), after its Idempotency-Key when it reads one.
 */
export function runRoute(exchange: Exchange, req: IncomingMessage, read?: ReadBody): Outcome {
  const { base, path, params, query, today, client, version } = exchange;
  const route = exchange.route as ServedRoute;
  if ('method' in route) {
    // The key is judged before the body, so that a caller without one is told so whatever it sent: 401, then 415, 413, 400.
    if (client === undefined) return new MissingTokenError();
    return readJsonBody(req, {}, read).then((body) =>
      body instanceof Refusal ? body : route.put({ version: undefined, base, path, params, query, today, client }, body),
    );
  }
  if (route.unversioned === true) return route.handle({ version: undefined, base, path, params, query, today, client });
  const request = { version: version as Version, base, path, params, query, today, client };
  if (!isOperationRoute(route)) return route.handle(request);
  const operation = route.operations.get(exchange.method === 'HEAD' ? 'GET' : exchange.method) as ServedOperation;
  if (!operation.takesBody) return operation.handle(request, undefined);
  const idempotencyKey = operation.idempotent === true ? idempotencyKeyOf(req) : undefined;
  if (idempotencyKey instanceof Refusal) return idempotencyKey;
  return readJsonBody(req, { maxBytes: MAX_RECORD_BODY_BYTES, mergePatch: operation.method === 'PATCH' }, read).then((body) =>
    body instanceof Refusal ? body : operation.handle(request, body, idempotencyKey),
  );
}

/** A route served at a version: neither one outside versioning (`/health/`, the docs page) nor one that takes a body. */
export function isVersioned(route: ServedRoute): boolean {
  return !('method' in route) && route.unversioned !== true;
}

/** The version the query names on a route that takes one; a 400 when it is given more than once. */
function versionInQuery({ route, query }: Exchange): string | BadRequestError | undefined {
  if ((route as VersionedRoute).versionInQuery !== true) return undefined;
  const named = query.getAll(VERSION_QUERY_PARAMETER);
  if (named.length > 1) return new BadRequestError(`Give "${VERSION_QUERY_PARAMETER}" once; it was given ${named.length} times.`);
  return named[0];
}

function unknownText(names: readonly string[]): string {
  const quoted = names.slice(0, NAMED_AT_MOST).map((name) => quoteShortened(name));
  const more = names.length > NAMED_AT_MOST ? ` and ${names.length - NAMED_AT_MOST} more` : '';
  return `${names.length === 1 ? 'Unknown query parameter' : 'Unknown query parameters'} ${quoted.join(', ')}${more}`;
}
