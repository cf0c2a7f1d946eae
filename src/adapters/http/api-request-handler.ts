import type { IncomingMessage, ServerResponse } from 'node:http';
import { inspect } from 'node:util';
import { inject, injectable, optional } from 'inversify';
import type { Awaitable } from '../../application/ports/awaitable.js';
import { ResolveVersion } from '../../application/use-cases/resolve-version.js';
import { DomainError } from '../../domain/errors/domain-error.js';
import type { CalendarDate } from '../../domain/records/calendar-date.js';
import { RetiredVersionError } from '../../domain/versioning/retired-version-error.js';
import type { Version } from '../../domain/versioning/version.js';
import type { VersionStanding } from '../../domain/versioning/version-standing.js';
import { ApiRoutes } from './api-routes.js';
import { CacheControl } from './caching/cache-control.js';
import { CorsPolicy } from './caching/cors-policy.js';
import { ifNoneMatchNames } from './caching/entity-tags.js';
import { DEFAULT_WEB_OPTIONS, WEB_OPTIONS, type WebOptions } from './caching/web-options.js';
import { errorResponseFor, SERVER_ERROR } from './response/error-responses.js';
import { HTTP_LOGS, type HttpLogs } from './http-logs.js';
import { IsoTimestamps } from './iso-timestamps.js';
import { EncodedBody, JsonText } from './response/prepared-bodies.js';
import { LifecycleHeaders } from './response/lifecycle-headers.js';
import { REQUEST_METRICS, type RequestMetrics } from './request-metrics.js';
import { OptionsHeaders } from './routing/options-headers.js';
import { checkHostHeader, parseRequestTarget } from './request/request-target.js';
import { ALLOWED_METHODS, type RouteOutcome, type ServedRoute } from './routing/route.js';
import { Router, UnknownPathError } from './routing/router.js';
import { baseHeaders, sendJson, type ResponseHeaders } from './response/send-json.js';
import { AcceptCache } from './request/accept-cache.js';
import { ALL_CACHES_ON, CACHE_SWITCHES, type CacheSwitches } from '../../application/caching/cache-switches.js';

const REDIRECTABLE_PATH = /^[\x21-\x7e]*$/;
const LOGGED_PATH_LENGTH = 2048;
const LOGGED_USER_AGENT_LENGTH = 256;
/** Logged when the connection closed before the response was written (nginx's convention). */
const CLIENT_CLOSED_REQUEST = 499;

/** What the handler knows of one request, for its response and its access line. */
interface Exchange {
  readonly method: string;
  readonly path: string;
  readonly query: string;
  readonly started: number;
  readonly origin: string | undefined;
  /** The CORS headers of every response to it; none on a preflight's answer, which carries its own. */
  cors: Readonly<Record<string, string>> | undefined;
  readonly ifNoneMatch: string | undefined;
  /** Set once the path is matched. */
  readonly userAgent: string | undefined;
  /** Set once the path matches a route. */
  route: ServedRoute | undefined;
  /** Set once the version is resolved. */
  version: Version | undefined;
}

/** A preflight for an origin or method not allowed: answered, with no CORS headers, so the browser refuses the request. */
const PREFLIGHT_REFUSED = Object.freeze({ Allow: ALLOWED_METHODS });

/**
 * Answers one request, checking in this order: Host (400), a CORS preflight (204, whatever the path and Accept),
 * unknown path (404, or 301 to the slash form), method (204 for OPTIONS, 405), version (406, or 410 from its sunset
 * on), then the use case (availability and record, 404). An unversioned route (`/health/`) skips the version: it answers whatever Accept says. A response
 * served at a deprecated version carries its Deprecation, Sunset and Link headers. A 200 to GET or HEAD of a
 * versioned route or a docs page gets an ETag and a Cache-Control, and a 304 when If-None-Match names its ETag;
 * every response to a request from an allowed Origin (with `*`, every response) gets the CORS headers.
 */
@injectable()
export class ApiRequestHandler {
  readonly #router: Router;
  /** One per standing of the versions (a sunset changes what an Accept header selects), made when first needed. */
  readonly #acceptCaches = new Map<VersionStanding, AcceptCache>();
  readonly #lifecycleHeaders: LifecycleHeaders;
  readonly #timestamps = new IsoTimestamps();
  readonly #cors: CorsPolicy;
  readonly #cacheControl: CacheControl;
  /** The CORS headers that go on every response whatever its request (with CORS_ORIGINS=*), for the answers node's parser makes. */
  readonly corsForEveryResponse: Readonly<Record<string, string>> | undefined;
  readonly #optionsHeaders: OptionsHeaders;
  /** The day a request last met a retired default version, which is logged once a day. */
  #retiredDefaultLoggedOn: CalendarDate | undefined;

  constructor(
    @inject(ApiRoutes) routes: Pick<ApiRoutes, 'all'>,
    @inject(ResolveVersion) private readonly resolveVersion: ResolveVersion,
    @inject(HTTP_LOGS) private readonly logs: HttpLogs,
    @inject(WEB_OPTIONS) web: WebOptions = DEFAULT_WEB_OPTIONS,
    @inject(REQUEST_METRICS) @optional() private readonly metrics?: RequestMetrics,
    @inject(CACHE_SWITCHES) private readonly caches: CacheSwitches = ALL_CACHES_ON,
  ) {
    this.#router = new Router(routes.all);
    this.#lifecycleHeaders = new LifecycleHeaders(resolveVersion.lifecycles);
    this.#cors = new CorsPolicy(web.corsOrigins, web.corsMaxAgeSeconds);
    this.corsForEveryResponse = this.#cors.response(undefined);
    this.#cacheControl = new CacheControl(web.cacheMaxAgeSeconds, resolveVersion.lifecycles);
    this.#optionsHeaders = new OptionsHeaders(routes.all, resolveVersion);
  }

  /**
   * Answers one request: in this same turn when every step has its answer at once (the in-memory storage),
   * otherwise once the storage answers, and the promise returned then settles. It never rejects.
   * The access line is written once the response is handed to the connection, or, when the client leaves
   * before that, with status 499 as the connection closes.
   */
  handle(req: IncomingMessage, res: ServerResponse): Awaitable<void> {
    const { path, query } = parseRequestTarget(req.url as string);
    const { origin, 'if-none-match': ifNoneMatch } = req.headers;
    const exchange: Exchange = {
      method: req.method as string,
      path,
      query,
      started: performance.now(),
      origin,
      cors: this.#cors.response(origin),
      ifNoneMatch,
      userAgent: req.headers['user-agent'],
      route: undefined,
      version: undefined,
    };
    let pending: Promise<RouteOutcome> | undefined;
    try {
      pending = this.#respond(req, res, exchange);
    } catch (error) {
      this.#sendError(res, error, exchange);
    }
    if (pending !== undefined) return this.#sendWhenReady(res, pending, exchange);
    this.#logAccess(exchange, res.statusCode);
    return undefined;
  }

  /**
   * Sends the response when every step answers at once; otherwise the promise of the route's answer.
   * The refusals a client causes often (unknown path, hidden action, unsupported version) come back as
   * values and are sent from here; only a fault, or a refusal from deeper in, is thrown.
   */
  #respond(req: IncomingMessage, res: ServerResponse, exchange: Exchange): Promise<RouteOutcome> | undefined {
    const { method, path, query } = exchange;
    checkHostHeader(req);
    const preflight = exchange.origin === undefined || method !== 'OPTIONS' ? undefined : req.headers['access-control-request-method'];
    if (preflight !== undefined) {
      const headers = this.#cors.preflight(exchange.origin as string, preflight) ?? PREFLIGHT_REFUSED;
      exchange.cors = undefined;
      this.#send(res, { status: 204, body: undefined, headers }, exchange);
      return undefined;
    }
    const match = this.#router.match(path);
    exchange.route = match?.route;
    let outcome: Awaitable<RouteOutcome>;
    if (match === undefined) {
      outcome = this.#redirectToSlashForm(path, query);
    } else if (method === 'OPTIONS') {
      outcome = { status: 204, body: undefined, headers: this.#optionsHeaders.of(match.route) };
    } else if (method !== 'GET' && method !== 'HEAD') {
      outcome = { status: 405, body: { detail: `Method "${method}" not allowed.` }, headers: { Allow: ALLOWED_METHODS } };
    } else if (match.route.unversioned === true) {
      outcome = match.route.handle({ version: undefined, path, params: match.params, query });
    } else {
      const version = this.#acceptCacheOf(this.resolveVersion.standing()).select(req.headers.accept);
      if (version instanceof DomainError) {
        if (version instanceof RetiredVersionError && version.byDefault) this.#logRetiredDefault(version);
        outcome = version;
      } else {
        exchange.version = version;
        outcome = match.route.handle({ version, path, params: match.params, query });
      }
    }
    if (outcome instanceof Promise) return outcome;
    this.#send(res, outcome, exchange);
    return undefined;
  }

  #send(res: ServerResponse, outcome: RouteOutcome, exchange: Exchange): void {
    if (outcome instanceof DomainError) {
      this.#sendError(res, outcome, exchange);
      return;
    }
    const { version } = exchange;
    const headers = this.#headersOf(exchange, outcome.headers);
    let status = outcome.status ?? 200;
    let body = outcome.body;
    if (status === 200 && (body instanceof JsonText || body instanceof EncodedBody) && this.#isTagged(exchange)) {
      const own = outcome.headers;
      const total = own?.['X-Total-Count'];
      const etag = body.etag(version === undefined ? '' : version.toString(), total === undefined ? '' : `${total} ${own?.Link ?? ''}`);
      headers.ETag = etag;
      if (own?.['Cache-Control'] === undefined)
        headers['Cache-Control'] = this.#cacheControl.of(version, isDaily(exchange.route), this.resolveVersion);
      if (exchange.ifNoneMatch !== undefined && ifNoneMatchNames(exchange.ifNoneMatch, etag)) {
        status = 304;
        body = undefined;
      }
    }
    sendJson(res, status, body, version, headers);
  }

  /** The headers of a response: the base ones with CORS's, the route's own, then the version's lifecycle headers. */
  #headersOf({ cors, version }: Exchange, own: Readonly<Record<string, string>> | undefined): ResponseHeaders {
    const headers = baseHeaders(this.#cors.vary);
    if (cors !== undefined) Object.assign(headers, cors);
    if (own !== undefined) Object.assign(headers, own);
    this.#lifecycleHeaders.addInto(headers, version);
    return headers;
  }

  /** A GET or HEAD of a versioned route or a docs page (not /health/, whose answer is of the moment). */
  #isTagged({ method, route }: Exchange): boolean {
    return (method === 'GET' || method === 'HEAD') && route !== undefined && (route.unversioned !== true || route.contract === undefined);
  }

  #acceptCacheOf(standing: VersionStanding): AcceptCache {
    let cache = this.#acceptCaches.get(standing);
    if (cache === undefined) {
      cache = new AcceptCache(
        (requested) => standing.resolve(requested),
        standing.supported.map((version) => version.toString()),
        this.caches.accept,
      );
      this.#acceptCaches.set(standing, cache);
    }
    return cache;
  }

  /** DEFAULT_VERSION names a version retired while the service runs: said once a day, not once per request. */
  #logRetiredDefault({ version, sunset }: RetiredVersionError): void {
    const today = this.resolveVersion.today();
    if (this.#retiredDefaultLoggedOn?.equals(today) === true) return;
    this.#retiredDefaultLoggedOn = today;
    this.logs.errors(
      JSON.stringify({
        time: new Date().toISOString(),
        level: 'error',
        message: `DEFAULT_VERSION=${version} was retired on ${sunset.toString()}: requests that name no version get 410; set DEFAULT_VERSION to a supported version (a restart with this one refuses to start)`,
      }),
    );
  }

  async #sendWhenReady(res: ServerResponse, pending: Promise<RouteOutcome>, exchange: Exchange): Promise<void> {
    let left = false;
    const onClose = (): void => {
      left = true;
      this.#logAccess(exchange, CLIENT_CLOSED_REQUEST);
    };
    res.once('close', onClose);
    try {
      this.#send(res, await pending, exchange);
    } catch (error) {
      this.#sendError(res, error, exchange);
    }
    res.off('close', onClose);
    if (!left) this.#logAccess(exchange, res.statusCode);
  }

  /** The JSON error an expected failure maps to; anything else is logged and answered 500, with no detail of it. */
  #sendError(res: ServerResponse, error: unknown, exchange: Exchange): void {
    const known = errorResponseFor(error);
    if (known === undefined) this.logs.errors(errorLine(exchange.method, exchange.path, error));
    const { status, detail, headers } = known ?? SERVER_ERROR;
    sendJson(res, status, { detail }, exchange.version, this.#headersOf(exchange, headers));
  }

  #logAccess({ method, path, version, started, userAgent, route }: Exchange, status: number): void {
    const access = this.logs.access;
    if (access === undefined && this.metrics === undefined) return;
    const durationMs = performance.now() - started;
    if (access !== undefined) access(accessLine(this.#timestamps.current(), method, path, status, version, durationMs, userAgent));
    this.metrics?.observe(route, method, status, version, durationMs / 1000);
  }

  /** A 301 to the path with a slash added when that path exists; otherwise a 404. */
  #redirectToSlashForm(path: string, query: string): RouteOutcome {
    if (path.endsWith('/') || !REDIRECTABLE_PATH.test(path) || this.#router.match(`${path}/`) === undefined) {
      return new UnknownPathError();
    }
    const location = query === '' ? `${path}/` : `${path}/?${query}`;
    return { status: 301, body: { detail: `Moved permanently to ${location}.` }, headers: { Location: location } };
  }
}

/** The access log line, written out by hand: a JSON.stringify of an object per request costs more. */
function accessLine(
  time: string,
  method: string,
  path: string,
  status: number,
  version: Version | undefined,
  durationMs: number,
  userAgent: string | undefined,
): string {
  const duration = Math.round(durationMs * 1000) / 1000;
  const agent = userAgent === undefined ? 'null' : JSON.stringify(userAgent.slice(0, LOGGED_USER_AGENT_LENGTH));
  return (
    `{"time":"${time}","method":${JSON.stringify(method)},"path":${JSON.stringify(path.slice(0, LOGGED_PATH_LENGTH))},` +
    `"status":${status},"version":${version === undefined ? 'null' : `"${version.toString()}"`},"duration_ms":${duration},"user_agent":${agent}}`
  );
}

function errorLine(method: string, path: string, error: unknown): string {
  return JSON.stringify({
    time: new Date().toISOString(),
    level: 'error',
    request: `${method} ${path.slice(0, LOGGED_PATH_LENGTH)}`,
    error: describeError(error),
  });
}

/** The stack of an Error; anything else as util.inspect shows it, which, unlike String(), never throws (an object without a prototype has no toString). */
function describeError(error: unknown): string {
  if (error instanceof Error && typeof error.stack === 'string') return error.stack;
  return typeof error === 'string' ? error : inspect(error, { depth: 3, breakLength: Infinity });
}

/** Whether a route's answer changes with the date: the records' (a dog's age). */
function isDaily(route: ServedRoute | undefined): boolean {
  const kind = route?.contract?.body.kind;
  return kind === 'record' || kind === 'page';
}
