import type { ReadBody } from './request/json-body.js';
import type { ServedTarget } from './routing/served-target.js';

/** Where a framework mounts the API, for one request (`mounts/`): none for node:http's own server, which serves it at the root. */
export interface MountPoint {
  /** The path the API is mounted at, without a trailing slash: `/api`, or '' at the root. */
  readonly base: string;
  /** The request's target below the base: its path and query. */
  readonly target: string;
  /** The body, when the framework read it before the layer (Express's `req.body`); else the layer reads the stream. */
  readonly body?: ReadBody | undefined;
  /** What the mount's check found of the target (`servedTarget`): the request is not routed again. */
  readonly served?: ServedTarget | undefined;
}
