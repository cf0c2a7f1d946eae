import type { ApiRequestHandler } from '../api-request-handler.js';

/** The one request path every mount runs: what the API answers of a target (routed once, there), and the answer to a request it serves. */
export type RequestPath = Pick<ApiRequestHandler, 'servedTarget' | 'handle'>;

/** What a mount takes: a composed service (`composeApi`), whose request path it runs. */
export interface MountedService {
  readonly requestPath: RequestPath;
}

/** A mount's path as a base: without its trailing slash, '' at the root. */
export function basePath(prefix: string): string {
  return prefix.endsWith('/') ? prefix.slice(0, -1) : prefix;
}
