import type { CacheControl } from '../caching/cache-control.js';
import { ifNoneMatchNames } from '../caching/entity-tags.js';
import { EncodedBody, JsonText } from '../response/prepared-bodies.js';
import type { ResponseHeaders } from '../response/send-json.js';
import type { RouteResponse, ServedRoute } from '../routing/route.js';
import type { Exchange } from './exchange.js';

/**
 * A 200 to GET or HEAD of a versioned route or a docs page gets the ETag its body holds for the version and a
 * Cache-Control (unless the route sets its own), and becomes a 304 when If-None-Match names that ETag.
 */
export class ConditionalResponse {
  constructor(private readonly cacheControl: CacheControl) {}

  /** The status to send: the route's, or 304; the ETag and Cache-Control are added to `headers`. */
  statusOf(exchange: Exchange, { status = 200, body, headers: own }: RouteResponse, headers: ResponseHeaders): number {
    if (status !== 200 || !(body instanceof JsonText || body instanceof EncodedBody) || !isTagged(exchange)) return status;
    const { version, today, ifNoneMatch } = exchange;
    const total = own?.['X-Total-Count'];
    const etag = body.etag(version === undefined ? '' : version.toString(), total === undefined ? '' : `${total} ${own?.Link ?? ''}`);
    headers.ETag = etag;
    if (own?.['Cache-Control'] === undefined) {
      headers['Cache-Control'] = this.cacheControl.of(version, isDaily(exchange.route), today, exchange.now, exchange.client === undefined);
    }
    return ifNoneMatch !== undefined && ifNoneMatchNames(ifNoneMatch, etag) ? 304 : 200;
  }
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
