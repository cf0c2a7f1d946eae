import type { VersionStandings } from '../../../application/versioning/version-standings.js';
import { OptionsHeaders } from '../routing/options-headers.js';
import { allowedMethods, type RouteResponse, type ServedRoute } from '../routing/route.js';
import type { Exchange } from './exchange.js';

/** GET and HEAD go on to a route that reads, PUT to one that takes a body; OPTIONS is answered 204 with the path's versions; any other method is a 405. */
export class MethodCheck {
  readonly #options: OptionsHeaders;

  constructor(routes: readonly ServedRoute[], standings: Pick<VersionStandings, 'lifecycles' | 'advertisedOn'>) {
    this.#options = new OptionsHeaders(routes, standings);
  }

  /** The answer when the method is not one the route answers itself; undefined for GET and HEAD, or PUT on a route that takes it. */
  answer({ method, today }: Exchange, route: ServedRoute): RouteResponse | undefined {
    const takesPut = 'method' in route;
    if (takesPut ? method === 'PUT' : method === 'GET' || method === 'HEAD') return undefined;
    if (method === 'OPTIONS') return { status: 204, body: undefined, headers: this.#options.of(route, today) };
    return { status: 405, body: { detail: `Method "${method}" not allowed.` }, headers: { Allow: allowedMethods(route) } };
  }
}
