import type { ServedRoute } from './route.js';

export interface RouteMatch {
  readonly route: ServedRoute;
  readonly params: Readonly<Record<string, string>>;
}

/** A pattern with params, as the literal text between them: `/doggies/:id/` is `/doggies/`, id, `/`. */
interface ParamRoute {
  readonly route: ServedRoute;
  /** Literal text, then for each param its name and the literal text after it: always one literal more than names. */
  readonly literals: readonly string[];
  readonly names: readonly string[];
  /** Its params, each empty: a match's params are a copy of it, filled in, so they all have one shape. */
  readonly template: Readonly<Record<string, string>>;
}

const NO_PARAMS: Readonly<Record<string, string>> = Object.freeze({});

/**
 * Matches request paths against route patterns, segment by segment; `:name` takes any one non-empty
 * segment, and the first declared route that matches wins. A pattern without params is found by one map
 * lookup; the others are tried in order, reading the path in place.
 */
export class Router {
  readonly #literal = new Map<string, RouteMatch>();
  readonly #withParams: readonly ParamRoute[];

  constructor(routes: readonly ServedRoute[]) {
    const withParams: ParamRoute[] = [];
    for (const route of routes) {
      const compiled = compile(route);
      if (compiled !== undefined) {
        withParams.push(compiled);
        continue;
      }
      const shadowed = this.#literal.has(route.pattern) || withParams.some((earlier) => matchParams(earlier, route.pattern) !== undefined);
      if (!shadowed) this.#literal.set(route.pattern, { route, params: NO_PARAMS });
    }
    this.#withParams = withParams;
  }

  match(path: string): RouteMatch | undefined {
    const literal = this.#literal.get(path);
    if (literal !== undefined) return literal;
    for (const candidate of this.#withParams) {
      const params = matchParams(candidate, path);
      if (params !== undefined) return { route: candidate.route, params };
    }
    return undefined;
  }
}

/** The pattern as literals and param names, or undefined when it has no param. */
function compile(route: ServedRoute): ParamRoute | undefined {
  const segments = route.pattern.split('/');
  if (!segments.some((segment) => segment.startsWith(':'))) return undefined;
  const literals: string[] = [];
  const names: string[] = [];
  let text = '';
  segments.forEach((segment, index) => {
    if (index > 0) text += '/';
    if (segment.startsWith(':')) {
      literals.push(text);
      names.push(segment.slice(1));
      text = '';
    } else {
      text += segment;
    }
  });
  literals.push(text);
  return { route, literals, names, template: Object.fromEntries(names.map((name) => [name, ''])) };
}

function matchParams({ literals, names, template }: ParamRoute, path: string): Record<string, string> | undefined {
  const first = literals[0] as string;
  if (!path.startsWith(first)) return undefined;
  let position = first.length;
  let params: Record<string, string> | undefined;
  for (let index = 0; index < names.length; index += 1) {
    let end = path.indexOf('/', position);
    if (end < 0) end = path.length;
    if (end === position) return undefined;
    params ??= { ...template };
    params[names[index] as string] = path.slice(position, end);
    const after = literals[index + 1] as string;
    if (!path.startsWith(after, end)) return undefined;
    position = end + after.length;
  }
  return position === path.length ? params : undefined;
}
