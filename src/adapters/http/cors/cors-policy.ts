import { ALLOWED_METHODS } from '../routing/route-methods.js';
import type { CorsOrigins } from './cors-origins.js';

type Headers = Readonly<Record<string, string>>;

/**
 * Every response header the service sends that a script could not read without being named (the CORS-safelisted
 * ones, Cache-Control, Content-Language, Content-Length, Content-Type, Expires, Last-Modified and Pragma, need not be).
 */
export const EXPOSED_HEADERS = [
  'ETag',
  'Link',
  'X-Total-Count',
  'Deprecation',
  'Sunset',
  'Retry-After',
  'Allow',
  'Location',
  'Vary',
  'X-Content-Type-Options',
  'api-supported-versions',
  'api-deprecated-versions',
  'WWW-Authenticate',
].join(', ');
/**
 * What a preflight may ask for: the methods, and the request headers the API reads beyond the safelisted
 * (Authorization must be named: the Fetch standard's `*` does not cover it; Content-Type for a JSON body; Api-Version is
 * not safelisted, so a browser sending it pays a preflight that Accept's version parameter does not).
 */
export const PREFLIGHT_METHODS = ['GET', 'HEAD', 'OPTIONS', 'PUT'];
export const PREFLIGHT_HEADERS = 'Accept, Api-Version, Authorization, Content-Type, If-None-Match';

/**
 * The CORS protocol of the Fetch standard, every header set built at start. With `*`, every response carries
 * Access-Control-Allow-Origin `*` and Access-Control-Expose-Headers, Origin or not, as the standard advises for a
 * static value ("CORS protocol and HTTP caches"), so a shared cache may hand any stored answer to any origin. With a
 * list, only a request from a listed origin gets them, its origin echoed, and every response says `Vary: Accept, Origin`.
 * A preflight gets the methods, headers and max-age allowed. Credentials are never allowed: a request is authorised by its API key, never by a cookie.
 */
export class CorsPolicy {
  /**
   * `Accept, Api-Version, Authorization`: either header names a version, a client's pin chooses one otherwise, so a shared cache never hands an anonymous answer to
   * a client (or back); and Origin when CORS headers depend on it (a list), so that it never hands one origin's answer to another.
   */
  readonly vary: string;
  readonly #any: { readonly response: Headers; readonly preflight: Headers } | undefined;
  readonly #byOrigin = new Map<string, { readonly response: Headers; readonly preflight: Headers }>();

  readonly #methods: readonly string[];

  /** `writes`: the write methods some route takes (POST, PATCH), allowed to a preflight too, with the Idempotency-Key a POST may send. */
  constructor(origins: CorsOrigins, maxAgeSeconds: number, writes: readonly string[] = []) {
    this.#methods = [...PREFLIGHT_METHODS, ...writes];
    const allowHeaders = writes.includes('POST') ? `${PREFLIGHT_HEADERS}, Idempotency-Key` : PREFLIGHT_HEADERS;
    this.vary = origins.kind === 'list' ? 'Accept, Api-Version, Authorization, Origin' : 'Accept, Api-Version, Authorization';
    const headersFor = (allowOrigin: string) => {
      const response = Object.freeze({ 'Access-Control-Allow-Origin': allowOrigin, 'Access-Control-Expose-Headers': EXPOSED_HEADERS });
      const preflight = Object.freeze({
        Allow: ALLOWED_METHODS,
        'Access-Control-Allow-Origin': allowOrigin,
        'Access-Control-Allow-Methods': this.#methods.join(', '),
        'Access-Control-Allow-Headers': allowHeaders,
        'Access-Control-Max-Age': String(maxAgeSeconds),
      });
      return { response, preflight };
    };
    this.#any = origins.kind === 'any' ? headersFor('*') : undefined;
    if (origins.kind === 'list') for (const origin of origins.origins) this.#byOrigin.set(origin, headersFor(origin));
  }

  /** The CORS headers of a response to a request with this Origin (or none); undefined when there are none to send. */
  response(origin: string | undefined): Headers | undefined {
    if (this.#any !== undefined) return this.#any.response;
    return origin === undefined ? undefined : this.#byOrigin.get(origin)?.response;
  }

  /** The headers of a preflight's answer; undefined (no CORS headers) for an origin or method not allowed. */
  preflight(origin: string, method: string): Headers | undefined {
    if (!this.#methods.includes(method)) return undefined;
    return (this.#any ?? this.#byOrigin.get(origin))?.preflight;
  }
}
