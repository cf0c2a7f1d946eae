import type { VersionStandings } from '../../../application/versioning/version-standings.js';
import { OptionsHeaders } from '../routing/options-headers.js';
import { ALLOWED_METHODS, type RouteResponse, type ServedRoute } from '../routing/route.js';
import type { Exchange } from './exchange.js';

const METHOD_NOT_ALLOWED_HEADERS = Object.freeze({ Allow: ALLOWED_METHODS });

/** GET and HEAD go on to the route; OPTIONS is answered 204 with the path's versions; any other method is a 405. */
export class MethodCheck {
  readonly #options: OptionsHeaders;

  constructor(routes: readonly ServedRoute[], standings: Pick<VersionStandings, 'lifecycles' | 'advertisedOn'>) {
    this.#options = new OptionsHeaders(routes, standings);
  }

  /** The answer when the method is not one the route answers itself; undefined for GET and HEAD. */
  answer({ method, today }: Exchange, route: ServedRoute): RouteResponse | undefined {
    if (method === 'GET' || method === 'HEAD') return undefined;
    if (method === 'OPTIONS') return { status: 204, body: undefined, headers: this.#options.of(route, today) };
    return { status: 405, body: { detail: `Method "${method}" not allowed.` }, headers: METHOD_NOT_ALLOWED_HEADERS };
  }
}
