import { Router, type RouteMatch } from '../routing/router.js';
import type { RouteOutcome, ServedRoute } from '../routing/route.js';
import type { Exchange } from './exchange.js';
import { UnknownPathError } from '../request/refusals.js';

const REDIRECTABLE_PATH = /^[\x21-\x7e]*$/;

/** The route a request's path names; for a path no route has, a 301 to its slash form when that one exists, else a 404. */
export class RouteLookup {
  readonly #router: Router;

  constructor(routes: readonly ServedRoute[]) {
    this.#router = new Router(routes);
  }

  /** The route and its params, noted in the exchange; undefined when no route has the path. */
  match(exchange: Exchange): RouteMatch | undefined {
    const match = this.#router.match(exchange.path);
    exchange.route = match?.route;
    return match;
  }

  /** The answer for a path no route has: a 301 to the path with a slash added when that path exists; otherwise a 404. */
  unmatched({ path, query }: Exchange): RouteOutcome {
    if (path.endsWith('/') || !REDIRECTABLE_PATH.test(path) || this.#router.match(`${path}/`) === undefined) {
      return new UnknownPathError();
    }
    const location = query === '' ? `${path}/` : `${path}/?${query}`;
    return { status: 301, body: { detail: `Moved permanently to ${location}.` }, headers: { Location: location } };
  }
}
