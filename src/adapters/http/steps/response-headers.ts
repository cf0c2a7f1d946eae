import type { VersionWithLifecycle } from '../../../application/versioning/version-standings.js';
import { LifecycleHeaders } from '../response/lifecycle-headers.js';
import { baseHeaders, JSON_MEDIA_TYPE, type ResponseHeaders } from '../response/send-json.js';
import type { Version } from '../../../domain/versioning/version.js';
import type { Exchange } from './exchange.js';

/**
 * The headers of every response: the base ones (`Vary`, nosniff, `no-store`) with CORS's, the route's own, then the
 * lifecycle headers (Deprecation, Sunset, Link) of the version it is served at, when that one is deprecated.
 */
export class ResponseHeaderSet {
  readonly #lifecycle: LifecycleHeaders;
  /** `application/json; version=…` of each version, by its text. */
  readonly #contentTypes = new Map<string, string>();

  constructor(
    private readonly vary: string,
    lifecycles: readonly VersionWithLifecycle[],
  ) {
    this.#lifecycle = new LifecycleHeaders(lifecycles);
    for (const { version } of lifecycles) this.#contentTypes.set(version.toString(), `${JSON_MEDIA_TYPE}; version=${version.toString()}`);
  }

  /** The Content-Type of a JSON body served at `version`, or at none. */
  jsonContentType(version: Version | undefined): string {
    return version === undefined ? JSON_MEDIA_TYPE : (this.#contentTypes.get(version.toString()) as string);
  }

  of({ cors, version }: Exchange, own: Readonly<Record<string, string>> | undefined): ResponseHeaders {
    const headers = baseHeaders(this.vary);
    if (cors !== undefined) Object.assign(headers, cors);
    if (own !== undefined) Object.assign(headers, own);
    this.#lifecycle.addInto(headers, version);
    return headers;
  }
}
