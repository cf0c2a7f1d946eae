import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestPath } from './request-path.js';

/** node:http's handler of a request, with `next` (connect's form) what runs for one whose path the API does not serve. */
export type NodeHandler = (req: IncomingMessage, res: ServerResponse, next?: () => void) => void;

/** The API's node:http handler: `createServer(handle)` answers every request; `handle(req, res, next)` hands on a path it does not serve. */
export function nodeHandler(path: RequestPath): NodeHandler {
  return (req, res, next) => {
    if (next === undefined) return void path.handle(req, res);
    const target = req.url as string;
    const served = path.servedTarget(target);
    if (served === undefined) return next();
    void path.handle(req, res, { base: '', target, served });
  };
}
