import { isOperationRoute, type ServedRoute } from './route.js';

/** The methods every path answers; any other is a 405 naming them in `Allow`. */
export const ALLOWED_METHODS = 'GET, HEAD, OPTIONS';

/** The methods an operation route answers, in this order. */
const OPERATION_ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** The methods of the API's writes on a route (its operations' other than GET): what a CORS preflight may allow. */
export function writeMethods(route: ServedRoute): readonly string[] {
  return isOperationRoute(route) ? [...route.operations.keys()].filter((method) => method !== 'GET') : [];
}

/** The `Allow` of a route: what it answers. */
export function allowedMethods(route: ServedRoute): string {
  if (isOperationRoute(route)) {
    const methods = new Set(route.operations.keys());
    if (methods.has('GET')) methods.add('HEAD');
    return [...OPERATION_ORDER.filter((method) => methods.has(method)), 'OPTIONS'].join(', ');
  }
  return 'method' in route ? PUT_METHODS : ALLOWED_METHODS;
}

const PUT_METHODS = 'PUT, OPTIONS';
