import type { IncomingMessage, ServerResponse } from 'node:http';
import { inspect } from 'node:util';
import { inject, injectable } from 'inversify';
import type { Awaitable } from '../../application/ports/awaitable.js';
import { ResolveVersion } from '../../application/use-cases/resolve-version.js';
import { DomainError } from '../../domain/errors/domain-error.js';
import type { CalendarDate } from '../../domain/records/calendar-date.js';
import { RetiredVersionError } from '../../domain/versioning/retired-version-error.js';
import type { Version } from '../../domain/versioning/version.js';
import type { VersionStanding } from '../../domain/versioning/version-standing.js';
import { ALLOWED_METHODS } from './allowed-methods.js';
import { ApiRoutes } from './api-routes.js';
import { errorResponseFor, SERVER_ERROR } from './error-responses.js';
import { checkHostHeader } from './host-header.js';
import { HTTP_LOGS, type HttpLogs } from './http-logs.js';
import { IsoTimestamps } from './iso-timestamps.js';
import { LifecycleHeaders } from './lifecycle-headers.js';
import { OptionsHeaders } from './options-headers.js';
import { parseRequestTarget } from './request-target.js';
import type { RouteOutcome } from './route.js';
import { Router } from './router.js';
import { sendJson } from './send-json.js';
import { UnknownPathError } from './unknown-path-error.js';
import { VersionSelector } from './version-selector.js';

const REDIRECTABLE_PATH = /^[\x21-\x7e]*$/;
const LOGGED_PATH_LENGTH = 2048;
/** Logged when the connection closed before the response was written (nginx's convention). */
const CLIENT_CLOSED_REQUEST = 499;

/** What the handler knows of one request, for its response and its access line. */
interface Exchange {
  readonly method: string;
  readonly path: string;
  readonly query: string;
  readonly started: number;
  /** Set once the version is resolved. */
  version: Version | undefined;
}

/**
 * Answers one request, checking in this order: Host (400), unknown path (404, or 301 to the slash form),
 * method (204 for OPTIONS, 405), version (406, or 410 from its sunset on), then the use case (availability and
 * record, 404). An unversioned route (`/health/`) skips the version: it answers whatever Accept says. A response
 * served at a deprecated version carries its Deprecation, Sunset and Link headers.
 */
@injectable()
export class ApiRequestHandler {
  readonly #router: Router;
  /** One per standing of the versions (a sunset changes what an Accept header selects), made when first needed. */
  readonly #selectors = new Map<VersionStanding, VersionSelector>();
  readonly #lifecycleHeaders: LifecycleHeaders;
  readonly #timestamps = new IsoTimestamps();
  readonly #optionsHeaders: OptionsHeaders;
  /** The day a request last met a retired default version, which is logged once a day. */
  #retiredDefaultLoggedOn: CalendarDate | undefined;

  constructor(
    @inject(ApiRoutes) routes: Pick<ApiRoutes, 'all'>,
    @inject(ResolveVersion) private readonly resolveVersion: ResolveVersion,
    @inject(HTTP_LOGS) private readonly logs: HttpLogs,
  ) {
    this.#router = new Router(routes.all);
    this.#lifecycleHeaders = new LifecycleHeaders(resolveVersion.lifecycles);
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
    const exchange: Exchange = { method: req.method as string, path, query, started: performance.now(), version: undefined };
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
    const match = this.#router.match(path);
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
      const version = this.#selectorOf(this.resolveVersion.standing()).select(req.headers.accept);
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
    if (outcome instanceof DomainError) this.#sendError(res, outcome, exchange);
    else sendJson(res, outcome.status ?? 200, outcome.body, exchange.version, this.#lifecycleHeaders.addTo(exchange.version, outcome.headers));
  }

  #selectorOf(standing: VersionStanding): VersionSelector {
    let selector = this.#selectors.get(standing);
    if (selector === undefined) {
      selector = new VersionSelector(
        (requested) => standing.resolve(requested),
        standing.supported.map((version) => version.toString()),
      );
      this.#selectors.set(standing, selector);
    }
    return selector;
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
  #sendError(res: ServerResponse, error: unknown, { method, path, version }: Exchange): void {
    const known = errorResponseFor(error);
    if (known === undefined) this.logs.errors(errorLine(method, path, error));
    const { status, detail, headers } = known ?? SERVER_ERROR;
    sendJson(res, status, { detail }, version, this.#lifecycleHeaders.addTo(version, headers));
  }

  #logAccess({ method, path, version, started }: Exchange, status: number): void {
    const access = this.logs.access;
    if (access !== undefined) access(accessLine(this.#timestamps.current(), method, path, status, version, started));
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
function accessLine(time: string, method: string, path: string, status: number, version: Version | undefined, started: number): string {
  const duration = Math.round((performance.now() - started) * 1000) / 1000;
  return (
    `{"time":"${time}","method":${JSON.stringify(method)},"path":${JSON.stringify(path.slice(0, LOGGED_PATH_LENGTH))},` +
    `"status":${status},"version":${version === undefined ? 'null' : `"${version.toString()}"`},"duration_ms":${duration}}`
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
