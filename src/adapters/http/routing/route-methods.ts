import { isOperationRoute, type ServedRoute } from './route.js';
import type { RouteWrite } from './route-write.js';

/** The methods every path answers; any other is a 405 naming them in `Allow`. */
export const ALLOWED_METHODS = 'GET, HEAD, OPTIONS';

/** The methods an operation route answers, in this order. */
const OPERATION_ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** The methods of the API's writes on a route (a collection's, an operation's other than GET): what a CORS preflight may allow. */
export function writeMethods(route: ServedRoute): readonly string[] {
  if (isOperationRoute(route)) return [...route.operations.keys()].filter((method) => method !== 'GET');
  const write = writeOf(route);
  return write === undefined ? [] : [write.method];
}

/** The `Allow` of a route: what it answers. */
export function allowedMethods(route: ServedRoute): string {
  if (isOperationRoute(route)) {
    const methods = new Set(route.operations.keys());
    if (methods.has('GET')) methods.add('HEAD');
    return [...OPERATION_ORDER.filter((method) => methods.has(method)), 'OPTIONS'].join(', ');
  }
  if ('method' in route) return PUT_METHODS;
  const write = writeOf(route);
  return write === undefined ? ALLOWED_METHODS : WRITE_METHODS[write.method];
}

/** The `Allow` of a route that takes a write, by its method: made once, as a 405 reads it. */
const WRITE_METHODS: Readonly<Record<RouteWrite['method'], string>> = { POST: 'GET, HEAD, POST, OPTIONS', PATCH: 'GET, HEAD, PATCH, OPTIONS' };

/** The write a route takes, if any. */
export function writeOf(route: ServedRoute): RouteWrite | undefined {
  return 'write' in route && !isOperationRoute(route) ? route.write : undefined;
}

const PUT_METHODS = 'PUT, OPTIONS';
