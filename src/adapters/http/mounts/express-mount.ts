import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ReadBody } from '../request/json-body.js';
import { basePath, type MountedService } from './request-path.js';

/** An Express request as the mount reads it: node's, with the path Express mounted the middleware at, and a body a parser read. */
export type ExpressRequest = IncomingMessage & { readonly baseUrl: string; readonly body?: unknown };

/** Express middleware of the API: `app.use('/api', versionedExpress(service))`; a path the API does not serve goes to `next()`. */
export function versionedExpress({ requestPath }: MountedService): (req: ExpressRequest, res: ServerResponse, next: () => void) => void {
  return (req, res, next) => {
    // Below its mount path, Express's req.url is the target without it.
    const target = req.url as string;
    const served = requestPath.servedTarget(target);
    if (served === undefined) return next();
    void requestPath.handle(req, res, { base: basePath(req.baseUrl), target, body: readBefore(req), served });
  };
}

/** The body a parser ahead of the layer read (`express.json()`'s req.body), or why none is left; undefined when the stream is unread. */
function readBefore(req: ExpressRequest): ReadBody | undefined {
  if (req.body !== undefined) return { parsed: req.body };
  if (!req.readableDidRead) return undefined;
  return {
    lost:
      `the body of ${req.method} ${req.baseUrl}${req.url as string} was read before the layer, and no req.body kept: ` +
      'mount version-aware-api before that code, or parse it with a parser that sets req.body (express.json())',
  };
}
