import type { CorsPolicy } from '../caching/cors-policy.js';
import { ALLOWED_METHODS, type RouteResponse } from '../routing/route.js';
import type { Exchange } from './exchange.js';

/** A preflight for an origin or method not allowed: answered, with no CORS headers, so the browser refuses the request. */
const PREFLIGHT_REFUSED = Object.freeze({ Allow: ALLOWED_METHODS });

/**
 * A CORS preflight (OPTIONS with Origin and Access-Control-Request-Method) is answered 204 whatever its path and
 * Accept: with the methods, headers and max-age allowed, or with none of them when its origin or method is not.
 */
export class CorsPreflight {
  constructor(private readonly cors: CorsPolicy) {}

  /** The answer to the request when it is a preflight; undefined otherwise. */
  answer(exchange: Exchange, requestedMethod: string | undefined): RouteResponse | undefined {
    if (requestedMethod === undefined || exchange.origin === undefined || exchange.method !== 'OPTIONS') return undefined;
    exchange.cors = undefined;
    return { status: 204, body: undefined, headers: this.cors.preflight(exchange.origin, requestedMethod) ?? PREFLIGHT_REFUSED };
  }
}
