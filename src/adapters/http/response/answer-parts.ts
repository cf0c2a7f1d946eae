import { inspect } from 'node:util';
import { redactKeys } from '../../identity/api-key.js';
import type { LogSink } from '../../logging/log-sink.js';
import type { CacheControl } from '../caching/cache-control.js';
import { ifNoneMatchNames } from '../caching/entity-tags.js';
import { errorResponseFor, SERVER_ERROR, type ErrorResponse } from '../request/refusals.js';
import type { ServedRoute } from '../routing/route.js';
import type { RouteResponse } from '../routing/route-request.js';
import { LOGGED_PATH_LENGTH } from '../observers/access-log.js';
import type { Exchange } from '../steps/exchange.js';
import type { LifecycleHeaders } from './lifecycle-headers.js';
import { EncodedBody, JsonText } from './prepared-bodies.js';
import { baseHeaders, type ResponseHeaders } from './send-body.js';

// The parts of an answer every response shares: its headers, its conditional status and ETag, a refusal's body.

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

/** What a page's ETag varies with besides its body: its X-Total-Count and Link, which a client reads as part of it. */
export function pageVariant(own: Readonly<Record<string, string | number>>): string {
  return `${own['X-Total-Count']} ${own.Link ?? ''}`;
}

/** A GET or HEAD of a versioned route or a docs page (not /health/, whose answer is of the moment). */
export function isTagged({ method, route }: Exchange): boolean {
  return (method === 'GET' || method === 'HEAD') && route !== undefined && (route.unversioned !== true || route.contract === undefined);
}

/** Whether a route's answer changes with the date: the records' (a dog's age). */
export function isDaily(route: ServedRoute | undefined): boolean {
  const kind = route?.contract?.body.kind;
  return kind === 'record' || kind === 'page';
}

/** The stack of an Error; anything else as util.inspect shows it, which, unlike String(), never throws (an object without a prototype has no toString). */
function describeError(error: unknown): string {
  if (error instanceof Error && typeof error.stack === 'string') return error.stack;
  return typeof error === 'string' ? error : inspect(error, { depth: 3, breakLength: Infinity });
}
