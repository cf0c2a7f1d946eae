import type { IncomingMessage, ServerResponse } from 'node:http';
import { inject, injectable, optional } from 'inversify';
import type { Awaitable } from '../../application/ports/awaitable.js';
import { CLOCK, type Clock } from '../../application/ports/clock.js';
import { VersionStandings } from '../../application/versioning/version-standings.js';
import { ApiRoutes } from './api-routes.js';
import { CacheControl } from './caching/cache-control.js';
import { CorsPolicy } from './caching/cors-policy.js';
import { DEFAULT_WEB_OPTIONS, WEB_OPTIONS, type WebOptions } from './caching/web-options.js';
import { HTTP_LOGS, type HttpLogs } from './http-logs.js';
import { REQUEST_METRICS, type RequestMetrics } from './steps/request-metrics.js';
import { acceptCaches, VERSION_SELECTORS, type VersionSelectorFactory } from './request/accept-cache.js';
import { checkHostHeader, parseRequestTarget } from './request/request-target.js';
import { sendJson } from './response/send-json.js';
import type { PutRoute, RouteOutcome, RouteRequest } from './routing/route.js';
import { ClientPins } from '../../application/clients/client-pins.js';
import { UsageCounter } from '../../application/clients/usage-counter.js';
import { UsageObserver } from './steps/usage-observer.js';
import type { Client } from '../../domain/clients/client.js';
import { clientOf } from './request/authorization.js';
import { readJsonBody } from './request/json-body.js';
import { AccessLog } from './steps/access-log.js';
import { ConditionalResponse } from './steps/conditional-response.js';
import { CorsPreflight } from './steps/cors-preflight.js';
import { ErrorReply } from './steps/error-reply.js';
import type { Exchange } from './steps/exchange.js';
import { MethodCheck } from './steps/method-check.js';
import { MetricsObserver } from './steps/metrics-observer.js';
import type { RequestObserver } from './steps/request-observer.js';
import { ResponseHeaderSet } from './steps/response-headers.js';
import { QueryCheck } from './steps/query-check.js';
import { RouteLookup } from './steps/route-lookup.js';
import { VersionNegotiation } from './steps/version-negotiation.js';
import { Refusal } from '../../domain/errors/refusal.js';
import { BrownoutError } from '../../domain/versioning/refusals.js';
import { MissingTokenError } from './request/refusals.js';

/** Logged when the connection closed before the response was written (nginx's convention). */
const CLIENT_CLOSED_REQUEST = 499;

/**
 * Answers one request through its steps, in the order `#answer` and `#send` write once; each step is a unit of its
 * own (`steps/`), built at start. The in-memory path runs in the request's own turn; a route that answers with a
 * promise (the database) is sent when it settles.
 */
@injectable()
export class ApiRequestHandler {
  /** The CORS headers that go on every response whatever its request (with CORS_ORIGINS=*), for the answers node's parser makes. */
  readonly corsForEveryResponse: Readonly<Record<string, string>> | undefined;
  readonly #cors: CorsPolicy;
  readonly #preflight: CorsPreflight;
  readonly #routes: RouteLookup;
  readonly #methods: MethodCheck;
  readonly #query = new QueryCheck();
  readonly #versions: VersionNegotiation;
  readonly #headers: ResponseHeaderSet;
  readonly #conditional: ConditionalResponse;
  readonly #errors: ErrorReply;
  readonly #observers: readonly RequestObserver[];
  readonly #identify: (keyHash: string) => Client | undefined;
  /** Whether some version declares a brownout: only then is the clock's instant read, once a request. */
  readonly #readsInstant: boolean;

  constructor(
    @inject(ApiRoutes) routes: Pick<ApiRoutes, 'all'>,
    @inject(VersionStandings) standings: VersionStandings,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(HTTP_LOGS) logs: HttpLogs,
    @inject(WEB_OPTIONS) web: WebOptions = DEFAULT_WEB_OPTIONS,
    @inject(REQUEST_METRICS) @optional() metrics?: RequestMetrics,
    @inject(VERSION_SELECTORS) selectors: VersionSelectorFactory = acceptCaches,
    @inject(ClientPins) @optional() pins?: Pick<ClientPins, 'identify'>,
    @inject(UsageCounter) @optional() usage?: Pick<UsageCounter, 'count'>,
  ) {
    this.#identify = pins === undefined ? () => undefined : (keyHash) => pins.identify(keyHash);
    this.#cors = new CorsPolicy(web.corsOrigins, web.corsMaxAgeSeconds);
    this.corsForEveryResponse = this.#cors.response(undefined);
    this.#preflight = new CorsPreflight(this.#cors);
    this.#routes = new RouteLookup(routes.all);
    this.#methods = new MethodCheck(routes.all, standings);
    this.#versions = new VersionNegotiation(standings, logs.errors, selectors);
    this.#readsInstant = standings.lifecycles.some(({ lifecycle }) => lifecycle.brownouts.length > 0);
    this.#headers = new ResponseHeaderSet(this.#cors.vary, standings.lifecycles);
    this.#conditional = new ConditionalResponse(new CacheControl(web.cacheMaxAgeSeconds, standings.lifecycles));
    this.#errors = new ErrorReply(logs.errors);
    const observers: RequestObserver[] = [];
    if (logs.access !== undefined) observers.push(new AccessLog(logs.access));
    if (metrics !== undefined) observers.push(new MetricsObserver(metrics));
    if (usage !== undefined) observers.push(new UsageObserver(usage));
    this.#observers = observers;
  }

  /**
   * Answers one request: in this same turn when every step has its answer at once (the in-memory storage),
   * otherwise once the storage answers, and the promise returned then settles. It never rejects.
   */
  handle(req: IncomingMessage, res: ServerResponse): Awaitable<void> {
    const exchange = this.#exchangeOf(req);
    let pending: Promise<RouteOutcome> | undefined;
    try {
      checkHostHeader(req); //                                                  400
      const preflight = this.#preflight.answer(exchange, req.headers['access-control-request-method']); // 204
      const outcome = preflight ?? this.#answer(exchange, req);
      if (outcome instanceof Promise) pending = outcome;
      else this.#send(res, outcome, exchange);
    } catch (error) {
      this.#sendError(res, error, exchange);
    }
    if (pending !== undefined) return this.#sendWhenReady(res, pending, exchange);
    this.#observe(exchange, res.statusCode);
    return undefined;
  }

  /** The route's answer; the refusals a client causes often come back as values, and only a fault is thrown. */
  #answer(exchange: Exchange, req: IncomingMessage): Awaitable<RouteOutcome> {
    const match = this.#routes.match(exchange);
    if (match === undefined) return this.#routes.unmatched(exchange); //         404, or 301 to the slash form
    const { route, params } = match;
    const { path, query, today, now } = exchange;
    const badQuery = this.#query.answer(exchange, route); //                    400
    if (badQuery !== undefined) return badQuery;
    const notGet = this.#methods.answer(exchange, route); //                    204 for OPTIONS, 405
    if (notGet !== undefined) return notGet;
    const client = clientOf(req, this.#identify); //                            401, 400
    if (client instanceof Refusal) return client;
    exchange.client = client;
    if ('method' in route) return this.#put(route, req, { version: undefined, path, params, query, today, client }); // 415, 413, 400
    if (route.unversioned === true) return route.handle({ version: undefined, path, params, query, today, client });
    const { accept, 'api-version': named } = req.headers;
    const version =
      named !== undefined
        ? this.#versions.selectNamed(accept, named as string, today, now) //      400, 406, 410
        : client === undefined
          ? this.#versions.select(accept, today, now)
          : this.#versions.selectPinned(accept, today, client.pinnedVersion, now); // 406, 410
    if (version instanceof Refusal) {
      if (version instanceof BrownoutError) exchange.brownout = version.version;
      return version;
    }
    exchange.version = version;
    return route.handle({ version, path, params, query, today, client }); //   availability and record: 404, 400, 503
  }

  async #put(route: PutRoute, req: IncomingMessage, request: RouteRequest<undefined>): Promise<RouteOutcome> {
    const { client } = request;
    // The key is judged before the body, so that a caller without one is told so whatever it sent.
    if (client === undefined) return new MissingTokenError();
    const body = await readJsonBody(req);
    return body instanceof Refusal ? body : route.put({ ...request, client }, body);
  }

  #send(res: ServerResponse, outcome: RouteOutcome, exchange: Exchange): void {
    if (outcome instanceof Refusal) return this.#sendError(res, outcome, exchange);
    const headers = this.#headers.of(exchange, outcome.headers); //            lifecycle, CORS, the route's own
    const status = this.#conditional.statusOf(exchange, outcome, headers); //  ETag, Cache-Control, 304
    sendJson(res, status, status === 304 ? undefined : outcome.body, headers, this.#headers.jsonContentType(exchange.version));
  }

  #sendError(res: ServerResponse, error: unknown, exchange: Exchange): void {
    const { status, detail, headers } = this.#errors.of(error, exchange);
    sendJson(res, status, { detail }, this.#headers.of(exchange, headers), this.#headers.jsonContentType(exchange.version));
  }

  /** The access line and the metrics are written once the response is handed to the connection, or as 499 when its client left first. */
  async #sendWhenReady(res: ServerResponse, pending: Promise<RouteOutcome>, exchange: Exchange): Promise<void> {
    let left = false;
    const onClose = (): void => {
      left = true;
      this.#observe(exchange, CLIENT_CLOSED_REQUEST);
    };
    res.once('close', onClose);
    try {
      this.#send(res, await pending, exchange);
    } catch (error) {
      this.#sendError(res, error, exchange);
    }
    res.off('close', onClose);
    if (!left) this.#observe(exchange, res.statusCode);
  }

  #exchangeOf(req: IncomingMessage): Exchange {
    const { path, query } = parseRequestTarget(req.url as string);
    const { origin, 'if-none-match': ifNoneMatch, 'user-agent': userAgent } = req.headers;
    return {
      method: req.method as string,
      path,
      query,
      started: performance.now(),
      today: this.clock.today(),
      now: this.#readsInstant ? this.clock.now() : undefined,
      origin,
      ifNoneMatch,
      userAgent,
      cors: this.#cors.response(origin),
      route: undefined,
      version: undefined,
      brownout: undefined,
      client: undefined,
    };
  }

  #observe(exchange: Exchange, status: number): void {
    const observers = this.#observers;
    if (observers.length === 0) return;
    const durationMs = performance.now() - exchange.started;
    for (const observer of observers) observer.observe(exchange, status, durationMs);
  }
}
