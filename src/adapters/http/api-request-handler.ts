import type { IncomingMessage, ServerResponse } from 'node:http';
import { inject, injectable, multiInject } from 'inversify';
import type { Awaitable } from '../../application/ports/awaitable.js';
import { CLOCK, type Clock } from '../../application/ports/clock.js';
import { ClientPins } from '../../application/clients/client-pins.js';
import type { Client } from '../../domain/clients/client.js';
import { Refusal } from '../../domain/errors/refusal.js';
import { BrownoutError } from '../../domain/versioning/refusals.js';
import type { Version } from '../../domain/versioning/version.js';
import { CacheControl } from './caching/cache-control.js';
import { CorsPolicy } from './cors/cors-policy.js';
import { HTTP_LOGS, type HttpLogs } from './http-logs.js';
import type { MountPoint } from './mount-point.js';
import type { ServedTarget } from './routing/served-target.js';
import { parseRequestTarget } from './request/request-target.js';
import { conditionalStatus, errorAnswer, isDaily, isTagged, pageVariant, responseHeaders } from './response/answer-parts.js';
import { LifecycleHeaders } from './response/lifecycle-headers.js';
import { JsonText } from './response/prepared-bodies.js';
import { JSON_MEDIA_TYPE, sendBody, withContent } from './response/send-body.js';
import { OptionsHeaders } from './routing/options-headers.js';
import type { RouteOutcome, RouteResponse } from './routing/route-request.js';
import { Router } from './routing/router.js';
import { clientPaths, ENDPOINTS, type Endpoints } from './routing/endpoints.js';
import type { Exchange } from './steps/exchange.js';
import { REQUEST_OBSERVERS, type RequestObserver } from './observers/request-observer.js';
import {
  checkMethod,
  chooseVersion,
  findRoute,
  hostCheck,
  identifyClient,
  isRouteMatch,
  isVersioned,
  openExchange,
  preflight,
  readQuery,
  runRoute,
  servedTarget,
  type Outcome,
} from './steps/request-steps.js';
import { VersionNegotiation } from './steps/version-negotiation.js';
import type { VersionModel } from '../../domain/versioning/version-model.js';
import { VERSION_MODEL } from '../../application/version-model-token.js';

/** Logged when the connection closed before the response was written (nginx's convention). */
const CLIENT_CLOSED_REQUEST = 499;

/**
 * Runs a request's steps (steps/request-steps.ts) in the order `#answer` writes once, sends the answer, and tells the
 * observers; every part is wired by the container. A refusal is returned, never thrown: only a fault is thrown (a logged 500).
 */
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
    @inject(VERSION_MODEL) model: Pick<VersionModel, 'lifecycles'>,
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
    this.#readsInstant = model.lifecycles.some(({ lifecycle }) => lifecycle.brownouts.length > 0);
    for (const { version } of model.lifecycles) this.#contentTypes.set(version.toString(), `${JSON_MEDIA_TYPE}; version=${version.toString()}`);
  }

  /**
   * Answers one request: in this same turn when every step has its answer at once (the in-memory storage),
   * otherwise once the storage answers, and the promise returned then settles. It never rejects. `at`: where a
   * framework mounts the API (its links then start with the base).
   */
  handle(req: IncomingMessage, res: ServerResponse, at?: MountPoint): Awaitable<void> {
    const exchange = this.#exchangeOf(req, at);
    let outcome: Outcome;
    try {
      outcome = this.#answer(exchange, req, at);
    } catch (error) {
      this.#sendError(res, error, exchange);
      return this.#observe(exchange, res.statusCode, res);
    }
    if (outcome instanceof Promise) return this.#sendWhenReady(res, outcome, exchange);
    this.#sendSafely(res, outcome, false, exchange);
    return this.#observe(exchange, res.statusCode, res);
  }

  /** What the API answers of a request target, for `handle` to take as its mount point's `served`; undefined when it serves none, and a mount hands the request on. */
  servedTarget(target: string): ServedTarget | undefined {
    return servedTarget(this.router, target);
  }

  /** The steps, in order: the first that answers ends the request; what each learns is noted here, for the answer and the observers. */
  #answer(exchange: Exchange, req: IncomingMessage, at: MountPoint | undefined): Outcome {
    const refused = hostCheck(req);
    if (refused !== undefined) return refused;
    const preflighted = preflight(this.cors, exchange, req.headers['access-control-request-method']);
    if (preflighted !== undefined) {
      exchange.cors = undefined;
      return preflighted;
    }
    const found = findRoute(this.router, exchange, at?.served);
    if (!isRouteMatch(found)) return found;
    const { route, params } = found;
    exchange.route = route;
    exchange.params = params;
    const query = readQuery(exchange, route);
    if (!(query instanceof URLSearchParams)) return query;
    exchange.query = query;
    const other = checkMethod(this.options, exchange, route);
    if (other !== undefined) return other;
    const client = identifyClient(this.#identify, req);
    if (client instanceof Refusal) return client;
    exchange.client = client;
    let version: Version | undefined;
    if (isVersioned(route)) {
      const chosen = chooseVersion(this.versions, exchange, route, query, client, req);
      if (chosen instanceof Refusal) {
        if (chosen instanceof BrownoutError) exchange.brownout = chosen.version;
        return chosen;
      }
      version = chosen;
      exchange.version = chosen;
    }
    const { base, path, today } = exchange;
    return runRoute(route, exchange.method, { version, base, path, params, query, today, client }, req, at?.body);
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

  /** Sends the answer, or the fault's 500 (`failed`), or the 500 of a fault in sending it. */
  #sendSafely(res: ServerResponse, outcome: unknown, failed: boolean, exchange: Exchange): void {
    try {
      if (failed) this.#sendError(res, outcome, exchange);
      else this.#send(res, outcome as RouteOutcome, exchange);
    } catch (error) {
      this.#sendError(res, error, exchange);
    }
  }

  /** The answer sent in one continuation once it is ready, then observed; observed as 499 instead when its client leaves first. */
  #sendWhenReady(res: ServerResponse, pending: Promise<RouteOutcome>, exchange: Exchange): Promise<void> {
    let awaited = true;
    res.on('close', () => {
      if (awaited) this.#observe(exchange, CLIENT_CLOSED_REQUEST, res);
      awaited = false;
    });
    const settle = (outcome: unknown, failed: boolean): void => {
      this.#sendSafely(res, outcome, failed, exchange);
      if (awaited) this.#observe(exchange, res.statusCode, res);
      awaited = false;
    };
    return pending.then(
      (outcome) => settle(outcome, false),
      (error: unknown) => settle(error, true),
    );
  }

  /** The Content-Type of a JSON body served at `version`, or at none. */
  #jsonContentType(version: Version | undefined): string {
    return version === undefined ? JSON_MEDIA_TYPE : (this.#contentTypes.get(version.toString()) as string);
  }

  #exchangeOf(req: IncomingMessage, at: MountPoint | undefined): Exchange {
    const target = at === undefined ? parseRequestTarget(req.url as string) : (at.served ?? parseRequestTarget(at.target));
    const { clock } = this;
    const now = this.#readsInstant ? clock.now() : undefined;
    return openExchange(req, at?.base ?? '', target, this.#timed ? performance.now() : 0, clock.today(), now, this.cors);
  }

  #observe(exchange: Exchange, status: number, res: ServerResponse): void {
    // Never empty: the usage counts observe every request.
    const durationMs = this.#timed ? performance.now() - exchange.started : 0;
    for (const observer of this.observers) observer.observe(exchange, status, durationMs, res);
  }
}
