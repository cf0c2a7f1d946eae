/** Which origins may read the API from a browser: any (`*`), the exact origins listed, or none. */
export type CorsOrigins = { readonly kind: 'any' } | { readonly kind: 'list'; readonly origins: readonly string[] } | { readonly kind: 'none' };

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

/**
 * `*`, `none`, or a comma-separated list of serialized origins (`https://app.example`, `http://localhost:3000`: scheme,
 * host and port only, as a browser sends them in Origin); undefined for anything else.
 */
export function parseCorsOrigins(text: string): CorsOrigins | undefined {
  if (text === '*') return { kind: 'any' };
  if (text === 'none') return { kind: 'none' };
  const origins = text.split(',').map((origin) => origin.trim());
  if (!origins.every(isSerializedOrigin)) return undefined;
  return { kind: 'list', origins: Object.freeze([...new Set(origins)]) };
}

function isSerializedOrigin(text: string): boolean {
  if (!URL.canParse(text)) return false;
  const url = new URL(text);
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === text;
}
