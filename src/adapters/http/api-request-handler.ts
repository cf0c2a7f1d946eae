import type { IncomingMessage, ServerResponse } from 'node:http';
import { inspect } from 'node:util';
import { inject, injectable, multiInject } from 'inversify';
import type { Awaitable } from '../../application/ports/awaitable.js';
import { CLOCK, type Clock } from '../../application/ports/clock.js';
import { ClientPins } from '../../application/clients/client-pins.js';
import type { Client } from '../../domain/clients/client.js';
import { quoteShortened } from '../../domain/errors/quote-shortened.js';
import { Refusal } from '../../domain/errors/refusal.js';
import { BrownoutError } from '../../domain/versioning/refusals.js';
import type { Version } from '../../domain/versioning/version.js';
import { redactKeys } from '../identity/api-key.js';
import type { LogSink } from '../logging/log-sink.js';
import { CacheControl } from './caching/cache-control.js';
import { CorsPolicy } from './cors/cors-policy.js';
import { ifNoneMatchNames } from './caching/entity-tags.js';
import { HTTP_LOGS, type HttpLogs } from './http-logs.js';
import { VERSION_QUERY_PARAMETER } from './request/api-version-header.js';
import { clientOf } from './request/authorization.js';
import { MAX_RECORD_BODY_BYTES, readJsonBody, type ReadBody } from './request/json-body.js';
import { idempotencyKeyOf } from './request/idempotency-key.js';
import { BadRequestError, errorResponseFor, MissingTokenError, SERVER_ERROR, UnknownPathError, type ErrorResponse } from './request/refusals.js';
import { checkHostHeader, parseQuery, parseRequestTarget } from './request/request-target.js';
import { LifecycleHeaders } from './response/lifecycle-headers.js';
import { EncodedBody, JsonText } from './response/prepared-bodies.js';
import { baseHeaders, JSON_MEDIA_TYPE, sendBody, withContent, type ResponseHeaders } from './response/send-body.js';
import { OptionsHeaders } from './routing/options-headers.js';
import { isOperationRoute, type PageRoute, type ServedRoute, type VersionedRoute } from './routing/route.js';
import type { RouteOutcome, RouteResponse } from './routing/route-request.js';
import { acceptedText } from './routing/reads-query.js';
import type { ServedOperation } from './routing/operation-route.js';
import { ALLOWED_METHODS, allowedMethods, writeOf } from './routing/route-methods.js';
import { Router } from './routing/router.js';
import { clientPaths, ENDPOINTS, type Endpoints } from './routing/endpoints.js';
import { LOGGED_PATH_LENGTH } from './steps/access-log.js';
import type { Exchange } from './steps/exchange.js';
import { REQUEST_OBSERVERS, type RequestObserver } from './steps/request-observer.js';
import { VersionNegotiation } from './steps/version-negotiation.js';
import type { VersionModel } from '../../domain/versioning/version-model.js';
import { VERSION_MODEL } from '../../application/ports/version-model.js';

/**
 * The request's path, in one module: each step below is a plain function that returns the request's answer (a
 * response or a refusal, or a promise of one), or undefined when the request goes on; `ApiRequestHandler` runs them
 * in the order it writes once, sends the answer, then tells the observers. A refusal is returned, never thrown: only
 * a fault is thrown (a logged 500). The in-memory path runs in the request's own turn; a route that answers with a
 * promise (the database) is sent when it settles.
 */

/** What answers a request: a response or a refusal, or a promise of either. */
export type Outcome = RouteOutcome | Promise<RouteOutcome>;

/** Where a framework mounts the API, for one request (`mounts/`): none for node:http's own server, which serves it at the root. */
export interface MountPoint {
  /** The path the API is mounted at, without a trailing slash: `/api`, or '' at the root. */
  readonly base: string;
  /** The request's target below the base: its path and query. */
  readonly target: string;
  /** The body, when the framework read it before the layer (Express's `req.body`); else the layer reads the stream. */
  readonly body?: ReadBody | undefined;
}

/** Logged when the connection closed before the response was written (nginx's convention). */
const CLIENT_CLOSED_REQUEST = 499;
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
  const { base, path, query } = exchange;
  if (!movedToSlash(router, path)) return new UnknownPathError();
  const location = query === '' ? `${base}${path}/` : `${base}${path}/?${query}`;
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
  if (exchange.query === '') return undefined;
  const refusal = queryRefusal(exchange, route);
  const { refuseQuery } = route as PageRoute;
  return refusal === undefined || refuseQuery === undefined ? refusal : refuseQuery(refusal, exchange.today, exchange.base);
}

function queryRefusal(exchange: Exchange, route: ServedRoute): BadRequestError | undefined {
  const { query } = exchange;
  const parsed = parseQuery(query);
  if (parsed instanceof BadRequestError) return parsed;
  exchange.parameters = parsed;
  const accepted = route.queryParameters ?? [];
  const unknown = new Set<string>();
  for (const name of parsed.keys()) if (!accepted.includes(name)) unknown.add(name);
  if (unknown.size === 0) return undefined;
  return new BadRequestError(`${unknownText([...unknown])}; ${acceptedText(route, exchange.base)}.`);
}

/**
 * 5. GET and HEAD go on to a route that reads, PUT to one that takes a body, POST or PATCH to a route that takes that
 * write; OPTIONS is a 204 with the path's versions; any other method a 405.
 */
export function checkMethod(options: OptionsHeaders, { method, today }: Exchange, route: ServedRoute): RouteResponse | undefined {
  if (isOperationRoute(route)) {
    if (route.operations.has(method === 'HEAD' ? 'GET' : method)) return undefined;
  } else if ('method' in route ? method === 'PUT' : method === 'GET' || method === 'HEAD' || method === writeOf(route)?.method) return undefined;
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
  const queried = exchange.query === '' ? undefined : versionInQuery(exchange);
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
 * 8. The route's answer: its use case asks whether the action exists at the version (404), and reads the storage (503); a
 * write's body is read first (415, 413, 400), or taken as the framework read it (`read`).
 */
export function runRoute(exchange: Exchange, req: IncomingMessage, read?: ReadBody): Outcome {
  const { base, path, params, parameters: query, today, client, version } = exchange;
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
  if (isOperationRoute(route)) {
    const operation = route.operations.get(exchange.method === 'HEAD' ? 'GET' : exchange.method) as ServedOperation;
    if (!operation.takesBody) return operation.handle(request, undefined);
    return readJsonBody(req, { maxBytes: MAX_RECORD_BODY_BYTES, mergePatch: operation.method === 'PATCH' }, read).then((body) =>
      body instanceof Refusal ? body : operation.handle(request, body),
    );
  }
  const write = route.write;
  if (write === undefined || exchange.method !== write.method) return route.handle(request);
  const idempotencyKey = write.idempotent ? idempotencyKeyOf(req) : undefined;
  if (idempotencyKey instanceof Refusal) return idempotencyKey;
  return readJsonBody(req, { maxBytes: MAX_RECORD_BODY_BYTES, mergePatch: write.method === 'PATCH' }, read).then((body) =>
    body instanceof Refusal ? body : write.handle(request, { body, idempotencyKey }),
  );
}

/**
 * The headers of every response: the base ones (`Vary`, nosniff, `no-store`) with CORS's, the route's own, then the
 * lifecycle headers (Deprecation, Sunset, Link) of the version it is served at, when that one is deprecated.
 */
export function responseHeaders(
  vary: string,
  lifecycle: LifecycleHeaders,
  { cors, version, base }: Exchange,
  own: Readonly<Record<string, string>> | undefined,
): ResponseHeaders {
  const headers = baseHeaders(vary);
  if (cors !== undefined) Object.assign(headers, cors);
  if (own !== undefined) Object.assign(headers, own);
  lifecycle.addInto(headers, version, base);
  return headers;
}

/**
 * The status to send: the route's, or 304. A 200 to GET or HEAD of a versioned route or a docs page gets the ETag its
 * body holds for the version and a Cache-Control (unless the route sets its own), added to `headers`.
 */
export function conditionalStatus(
  cacheControl: CacheControl,
  exchange: Exchange,
  { status = 200, body, headers: own }: RouteResponse,
  headers: ResponseHeaders,
): number {
  if (status !== 200 || !(body instanceof JsonText || body instanceof EncodedBody) || !isTagged(exchange)) return status;
  const { version, today, ifNoneMatch } = exchange;
  const etag = body.etag(version === undefined ? '' : version.toString(), own?.['X-Total-Count'] === undefined ? '' : pageVariant(own));
  headers.ETag = etag;
  if (own?.['Cache-Control'] === undefined) {
    headers['Cache-Control'] = cacheControl.of(version, isDaily(exchange.route), today, exchange.now, exchange.client === undefined);
  }
  return ifNoneMatch !== undefined && ifNoneMatchNames(ifNoneMatch, etag) ? 304 : 200;
}

/**
 * The error response of a refusal (its status and `detail`); anything unexpected is logged and answered 500, with no
 * detail of it. `pinChange`: where a client moves its pin, below the base (`/client/version`); undefined when left out.
 */
export function errorAnswer(errorLog: LogSink, error: unknown, { method, base, path }: Exchange, pinChange: string | undefined): ErrorResponse {
  const known = errorResponseFor(error, pinChange, base);
  if (known !== undefined) return known;
  errorLog(
    JSON.stringify({
      time: new Date().toISOString(),
      level: 'error',
      request: `${method} ${redactKeys(base + path).slice(0, LOGGED_PATH_LENGTH)}`,
      error: redactKeys(describeError(error)),
    }),
  );
  return SERVER_ERROR;
}

/** Runs the steps of each request in order, sends the answer, and tells the observers; every part is wired by the container. */
@injectable()
export class ApiRequestHandler {
  /** The CORS headers that go on every response whatever its request (with CORS_ORIGINS=*), for the answers node's parser makes. */
  readonly corsForEveryResponse: Readonly<Record<string, string>> | undefined;
  /** The Vary of every response, for those answers too. */
  readonly vary: string;
  /** `application/json; version=…` of each version, by its text. */
  readonly #contentTypes = new Map<string, string>();
  /** Whether some version declares a brownout: only then is the clock's instant read, once a request. */
  readonly #readsInstant: boolean;
  /** Whether an observer reads a request's duration (the access log, the metrics): else the clock is not read for it. */
  readonly #timed: boolean;
  /** A key's client by its hash, made once: a request makes no function of its own. */
  readonly #identify: (keyHash: string) => Client | undefined;
  /** Where a client moves its pin, below the base, which a refusal of its pinned version names; undefined when left out. */
  readonly #pinChange: string | undefined;

  constructor(
    @inject(Router) private readonly router: Router,
    @inject(CorsPolicy) private readonly cors: CorsPolicy,
    @inject(OptionsHeaders) private readonly options: OptionsHeaders,
    @inject(VersionNegotiation) private readonly versions: VersionNegotiation,
    @inject(LifecycleHeaders) private readonly lifecycle: LifecycleHeaders,
    @inject(CacheControl) private readonly cacheControl: CacheControl,
    @inject(ClientPins) pins: Pick<ClientPins, 'identify'>,
    @inject(VERSION_MODEL) standings: Pick<VersionModel, 'lifecycles'>,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(HTTP_LOGS) private readonly logs: HttpLogs,
    @multiInject(REQUEST_OBSERVERS) private readonly observers: readonly RequestObserver[],
    @inject(ENDPOINTS) { clients }: Pick<Endpoints, 'clients'>,
  ) {
    this.#pinChange = clients === false ? undefined : clientPaths(clients).version;
    this.corsForEveryResponse = cors.response(undefined);
    this.vary = cors.vary;
    this.#identify = (keyHash) => pins.identify(keyHash);
    this.#timed = observers.some((observer) => observer.timed);
    this.#readsInstant = standings.lifecycles.some(({ lifecycle }) => lifecycle.brownouts.length > 0);
    for (const { version } of standings.lifecycles) this.#contentTypes.set(version.toString(), `${JSON_MEDIA_TYPE}; version=${version.toString()}`);
  }

  /**
   * Answers one request: in this same turn when every step has its answer at once (the in-memory storage),
   * otherwise once the storage answers, and the promise returned then settles. It never rejects. `at`: where a
   * framework mounts the API (its links then start with the base).
   */
  handle(req: IncomingMessage, res: ServerResponse, at?: MountPoint): Awaitable<void> {
    const exchange = this.#exchangeOf(req, at);
    let pending: Promise<RouteOutcome> | undefined;
    try {
      const outcome = this.#answer(exchange, req, at?.body);
      if (outcome instanceof Promise) pending = outcome;
      else this.#send(res, outcome, exchange);
    } catch (error) {
      this.#sendError(res, error, exchange);
    }
    if (pending !== undefined) return this.#sendWhenReady(res, pending, exchange);
    this.#observe(exchange, res.statusCode, res);
    return undefined;
  }

  /** Whether the API serves a request target's path: else a mount hands the request on, before `handle`. */
  serves(target: string): boolean {
    return servesPath(this.router, parseRequestTarget(target).path);
  }

  /** The steps, in order: the first that answers ends the request. */
  #answer(exchange: Exchange, req: IncomingMessage, read: ReadBody | undefined): Outcome {
    const answer =
      hostCheck(req) ??
      preflight(this.cors, exchange, req.headers['access-control-request-method']) ??
      findRoute(this.router, exchange) ??
      checkQuery(exchange, exchange.route as ServedRoute) ??
      checkMethod(this.options, exchange, exchange.route as ServedRoute) ??
      identifyClient(this.#identify, exchange, req) ??
      (isVersioned(exchange.route as ServedRoute) ? chooseVersion(this.versions, exchange, req) : undefined);
    return answer ?? runRoute(exchange, req, read);
  }

  #send(res: ServerResponse, outcome: RouteOutcome, exchange: Exchange): void {
    if (outcome instanceof Refusal) return this.#sendError(res, outcome, exchange);
    const { body, headers: own } = outcome;
    if (body instanceof JsonText && outcome.status === undefined && exchange.ifNoneMatch === undefined && exchange.version !== undefined) {
      // A record's or an operation's 200 has no headers of its own; a page's are its Link and X-Total-Count, which its ETag's variant names.
      const kind = exchange.route?.contract?.body.kind;
      if ((own === undefined ? kind === 'record' || kind === 'operations' : kind === 'page') && isTagged(exchange))
        return this.#sendAnswer(res, outcome, body, exchange, exchange.version);
    }
    const headers = responseHeaders(this.cors.vary, this.lifecycle, exchange, outcome.headers);
    const status = conditionalStatus(this.cacheControl, exchange, outcome, headers);
    sendBody(res, status, status === 304 ? undefined : outcome.body, headers, this.#jsonContentType(exchange.version));
  }

  /**
   * The most common response, a 200 of a record or a page at a version, with no If-None-Match: the headers the general
   * path below makes, made by it once per body, version, CORS headers, Cache-Control and page headers, and kept by the body.
   */
  #sendAnswer(res: ServerResponse, outcome: RouteResponse, body: JsonText, exchange: Exchange, version: Version): void {
    const text = version.toString();
    const cacheControl = this.cacheControl.of(version, isDaily(exchange.route), exchange.today, exchange.now, exchange.client === undefined);
    const page = outcome.headers === undefined ? '' : pageVariant(outcome.headers);
    // The headers kept differ by base too: a deprecated version's Link names a path below it.
    const variant = exchange.base === '' ? page : `${page} ${exchange.base}`;
    let headers = body.headersAt(text, exchange.cors, cacheControl, variant);
    if (headers === undefined) {
      const made = responseHeaders(this.cors.vary, this.lifecycle, exchange, outcome.headers);
      conditionalStatus(this.cacheControl, exchange, outcome, made);
      withContent(made, body, this.#jsonContentType(version));
      headers = body.keepHeaders(text, exchange.cors, cacheControl, variant, made);
    }
    res.writeHead(200, headers);
    res.end(body.bytes);
  }

  #sendError(res: ServerResponse, error: unknown, exchange: Exchange): void {
    const { status, detail, headers } = errorAnswer(this.logs.errors, error, exchange, this.#pinChange);
    sendBody(res, status, { detail }, responseHeaders(this.cors.vary, this.lifecycle, exchange, headers), this.#jsonContentType(exchange.version));
  }

  /** The access line and the metrics are written once the response is handed to the connection, or as 499 when its client left first. */
  async #sendWhenReady(res: ServerResponse, pending: Promise<RouteOutcome>, exchange: Exchange): Promise<void> {
    let left = false;
    const onClose = (): void => {
      left = true;
      this.#observe(exchange, CLIENT_CLOSED_REQUEST, res);
    };
    res.once('close', onClose);
    try {
      this.#send(res, await pending, exchange);
    } catch (error) {
      this.#sendError(res, error, exchange);
    }
    res.off('close', onClose);
    if (!left) this.#observe(exchange, res.statusCode, res);
  }

  /** The Content-Type of a JSON body served at `version`, or at none. */
  #jsonContentType(version: Version | undefined): string {
    return version === undefined ? JSON_MEDIA_TYPE : (this.#contentTypes.get(version.toString()) as string);
  }

  #exchangeOf(req: IncomingMessage, at: MountPoint | undefined): Exchange {
    const { path, query } = parseRequestTarget(at === undefined ? (req.url as string) : at.target);
    const { origin, 'if-none-match': ifNoneMatch, 'user-agent': userAgent } = req.headers;
    return {
      method: req.method as string,
      base: at === undefined ? '' : at.base,
      path,
      query,
      started: this.#timed ? performance.now() : 0,
      today: this.clock.today(),
      now: this.#readsInstant ? this.clock.now() : undefined,
      origin,
      ifNoneMatch,
      userAgent,
      cors: this.cors.response(origin),
      route: undefined,
      params: NO_PARAMS,
      parameters: NO_PARAMETERS,
      version: undefined,
      brownout: undefined,
      client: undefined,
    };
  }

  #observe(exchange: Exchange, status: number, res: ServerResponse): void {
    // Never empty: the usage counts observe every request.
    const durationMs = this.#timed ? performance.now() - exchange.started : 0;
    for (const observer of this.observers) observer.observe(exchange, status, durationMs, res);
  }
}

const NO_PARAMS: Readonly<Record<string, string>> = Object.freeze({});
/** The parameters of an empty query: read by the routes, never changed. */
const NO_PARAMETERS = new URLSearchParams();

/** What a page's ETag varies with besides its body: its X-Total-Count and Link, which a client reads as part of it. */
function pageVariant(own: Readonly<Record<string, string | number>>): string {
  return `${own['X-Total-Count']} ${own.Link ?? ''}`;
}

/** A route served at a version: neither one outside versioning (`/health/`, the docs page) nor one that takes a body. */
function isVersioned(route: ServedRoute): boolean {
  return !('method' in route) && route.unversioned !== true;
}

/** A GET or HEAD of a versioned route or a docs page (not /health/, whose answer is of the moment). */
function isTagged({ method, route }: Exchange): boolean {
  return (method === 'GET' || method === 'HEAD') && route !== undefined && (route.unversioned !== true || route.contract === undefined);
}

/** Whether a route's answer changes with the date: the records' (a dog's age). */
function isDaily(route: ServedRoute | undefined): boolean {
  const kind = route?.contract?.body.kind;
  return kind === 'record' || kind === 'page';
}

/** The version the query names on a route that takes one; a 400 when it is given more than once. */
function versionInQuery({ route, parameters }: Exchange): string | BadRequestError | undefined {
  if ((route as VersionedRoute).versionInQuery !== true) return undefined;
  const named = parameters.getAll(VERSION_QUERY_PARAMETER);
  if (named.length > 1) return new BadRequestError(`Give "${VERSION_QUERY_PARAMETER}" once; it was given ${named.length} times.`);
  return named[0];
}

function unknownText(names: readonly string[]): string {
  const quoted = names.slice(0, NAMED_AT_MOST).map((name) => quoteShortened(name));
  const more = names.length > NAMED_AT_MOST ? ` and ${names.length - NAMED_AT_MOST} more` : '';
  return `${names.length === 1 ? 'Unknown query parameter' : 'Unknown query parameters'} ${quoted.join(', ')}${more}`;
}

/** The stack of an Error; anything else as util.inspect shows it, which, unlike String(), never throws (an object without a prototype has no toString). */
function describeError(error: unknown): string {
  if (error instanceof Error && typeof error.stack === 'string') return error.stack;
  return typeof error === 'string' ? error : inspect(error, { depth: 3, breakLength: Infinity });
}
