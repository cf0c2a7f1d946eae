import createFetchClient, { type Client, type Middleware } from 'openapi-fetch';
import { announceLifecycle, type LifecycleHook } from './lifecycle-notices.js';
import { VersionRetiredError } from './version-retired-error.js';
import type { Version, VersionedPaths } from './versioned-paths.js';

export interface ClientOptions<V extends Version> {
  /** Where the API is served: `https://api.example.com`. */
  readonly baseUrl: string;
  /** The version every call is served at, sent as `Api-Version`; it also chooses the client's types. */
  readonly version: V;
  /** A client's API key, sent as `Authorization: Bearer <key>`. */
  readonly apiKey?: string;
  /** Called once per API, version and process when an answer says the version is deprecated. */
  readonly onDeprecation?: LifecycleHook;
  /** Called once per API, version and process when an answer names the version's sunset. */
  readonly onSunset?: LifecycleHook;
  /** The fetch to call (default: the global one). */
  readonly fetch?: (request: Request) => Promise<Response>;
}

/** An openapi-fetch client typed with `V`'s paths; every call is served at `V`. */
export type VersionedClient<V extends Version> = Client<VersionedPaths<V>>;

/**
 * An openapi-fetch client of the API at `version`: `GET`, `PUT`, … typed by that version's frozen contract. Every
 * call sends the version (and the key); a deprecation or sunset an answer announces reaches the hooks (else the
 * console) once; a 410 rejects the call with a VersionRetiredError.
 */
export function createClient<V extends Version>(options: ClientOptions<V>): VersionedClient<V> {
  const { baseUrl, version, apiKey, onDeprecation, onSunset, fetch } = options;
  const client = createFetchClient<VersionedPaths<V>>(fetch === undefined ? { baseUrl } : { baseUrl, fetch });
  const hooks = { ...(onDeprecation === undefined ? {} : { deprecation: onDeprecation }), ...(onSunset === undefined ? {} : { sunset: onSunset }) };
  const versioned: Middleware = {
    onRequest({ request }) {
      request.headers.set('Api-Version', version);
      if (apiKey !== undefined) request.headers.set('Authorization', `Bearer ${apiKey}`);
      return request;
    },
    async onResponse({ response }) {
      if (response.status === 410) throw await VersionRetiredError.of(response, version);
      announceLifecycle(response, baseUrl, version, hooks);
      return undefined;
    },
  };
  client.use(versioned);
  return client;
}
