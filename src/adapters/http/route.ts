import type { Version } from '../../domain/versioning/version.js';

export interface RouteRequest {
  readonly version: Version;
  /** The path as requested, for links back to it. */
  readonly path: string;
  readonly params: Readonly<Record<string, string>>;
  readonly query: URLSearchParams;
}

export interface RouteResponse {
  readonly body: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

/** One path of the API, like `/doggies/:id/`, and what answers a GET on it. */
export interface Route {
  readonly pattern: string;
  handle(request: RouteRequest): Promise<RouteResponse>;
}
