import type { Route } from './route.js';

export interface RouteMatch {
  readonly route: Route;
  readonly params: Readonly<Record<string, string>>;
}

interface CompiledRoute {
  readonly route: Route;
  readonly segments: readonly string[];
}

/** Matches request paths against route patterns, segment by segment; `:name` takes any one segment. */
export class Router {
  readonly #routes: readonly CompiledRoute[];

  constructor(routes: readonly Route[]) {
    this.#routes = routes.map((route) => ({ route, segments: route.pattern.split('/') }));
  }

  match(path: string): RouteMatch | undefined {
    const segments = path.split('/');
    for (const { route, segments: pattern } of this.#routes) {
      const params = matchSegments(pattern, segments);
      if (params !== undefined) return { route, params };
    }
    return undefined;
  }
}

function matchSegments(pattern: readonly string[], segments: readonly string[]): Record<string, string> | undefined {
  if (pattern.length !== segments.length) return undefined;
  const params: Record<string, string> = {};
  for (let index = 0; index < pattern.length; index += 1) {
    const expected = pattern[index] as string;
    const actual = segments[index] as string;
    if (expected.startsWith(':') && actual !== '') params[expected.slice(1)] = actual;
    else if (expected !== actual) return undefined;
  }
  return params;
}
