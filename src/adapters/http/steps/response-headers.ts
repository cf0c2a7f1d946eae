import type { VersionWithLifecycle } from '../../../application/versioning/version-standings.js';
import { LifecycleHeaders } from '../response/lifecycle-headers.js';
import { baseHeaders, type ResponseHeaders } from '../response/send-json.js';
import type { Exchange } from './exchange.js';

/**
 * The headers of every response: the base ones (`Vary`, nosniff, `no-store`) with CORS's, the route's own, then the
 * lifecycle headers (Deprecation, Sunset, Link) of the version it is served at, when that one is deprecated.
 */
export class ResponseHeaderSet {
  readonly #lifecycle: LifecycleHeaders;

  constructor(
    private readonly vary: string,
    lifecycles: readonly VersionWithLifecycle[],
  ) {
    this.#lifecycle = new LifecycleHeaders(lifecycles);
  }

  of({ cors, version }: Exchange, own: Readonly<Record<string, string>> | undefined): ResponseHeaders {
    const headers = baseHeaders(this.vary);
    if (cors !== undefined) Object.assign(headers, cors);
    if (own !== undefined) Object.assign(headers, own);
    this.#lifecycle.addInto(headers, version);
    return headers;
  }
}
