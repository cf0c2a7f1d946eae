import type { RouteMatch } from './router.js';

/** A target the API answers, as a mount's check read it: its path and query, and its route's match (none: a 301 to its slash form). */
export interface ServedTarget {
  readonly path: string;
  readonly queryString: string;
  readonly match: RouteMatch | undefined;
}
