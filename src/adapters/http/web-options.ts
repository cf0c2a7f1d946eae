import type { CorsOrigins } from './cors/cors-origins.js';

/** What browsers and caches are told: CORS, and how long a response may be reused. */
export interface WebOptions {
  readonly corsOrigins: CorsOrigins;
  /** Access-Control-Max-Age of a preflight answer, in seconds. */
  readonly corsMaxAgeSeconds: number;
  /** The max-age of a cacheable 200 or 304; 0 sends `no-cache`. */
  readonly cacheMaxAgeSeconds: number;
}

export const WEB_OPTIONS = Symbol.for('WebOptions');

/** The defaults: any origin, a preflight kept two hours (Chromium's cap), every response revalidated. */
export const DEFAULT_WEB_OPTIONS: WebOptions = Object.freeze({
  corsOrigins: Object.freeze({ kind: 'any' }),
  corsMaxAgeSeconds: 7200,
  cacheMaxAgeSeconds: 0,
});
