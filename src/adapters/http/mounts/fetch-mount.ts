import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { ReadBody } from '../request/json-body.js';
import { basePath, type MountedService } from './request-path.js';

export interface FetchMountOptions {
  /** The path the requests' URLs carry before the API's own (`/api` for `https://example.com/api/invoices/`); none at the root. */
  readonly prefix?: string;
  /** What answers a request whose path the API does not serve; without it, the API's 404 (a bare 404 outside the prefix). */
  readonly next?: (request: Request) => Response | Promise<Response>;
}

/**
 * A fetch handler of the API, `(Request) => Promise<Response>`, for Hono (`app.all('/api/*', (c) => api(c.req.raw))`),
 * Bun, Deno, Workers and Next.js route handlers.
 */
export function versionedFetch(
  { requestPath }: MountedService,
  { prefix = '', next }: FetchMountOptions = {},
): (request: Request) => Promise<Response> {
  const base = basePath(prefix);
  return (request) => {
    const url = new URL(request.url);
    const path = url.pathname;
    const below = path === base || path.startsWith(`${base}/`) ? path.slice(base.length) || '/' : undefined;
    const target = below === undefined ? undefined : `${below}${url.search}`;
    const served = target === undefined || next === undefined ? undefined : requestPath.servedTarget(target);
    if (target === undefined || (next !== undefined && served === undefined)) {
      return Promise.resolve(next === undefined ? new Response(null, { status: 404 }) : next(request));
    }
    return new Promise<Response>((answer) => {
      const reply = new FetchReply(request.method, answer) as unknown as ServerResponse;
      void requestPath.handle(incomingOf(request, url, target), reply, {
        base,
        target,
        body: request.bodyUsed ? lost(request, path) : undefined,
        served,
      });
    });
  };
}

/** Why a request read before the layer has no body left for it. */
function lost({ method }: Request, path: string): ReadBody {
  return { lost: `the body of ${method} ${path} was read before the layer: hand it the request unread, or a clone() made before reading it` };
}

/**
 * The request as the request path reads it: its method, target and headers (the raw list too, for the Host and
 * Authorization checks), and its body as a node stream. Nothing else of node's IncomingMessage is read.
 */
function incomingOf(request: Request, url: URL, target: string): IncomingMessage {
  const headers: Record<string, string> = {};
  const rawHeaders: string[] = [];
  request.headers.forEach((value, name) => {
    headers[name] = value;
    rawHeaders.push(name, value);
  });
  // The URL names the host; a fetch request need not repeat it in a header.
  if (headers.host === undefined) {
    headers.host = url.host;
    rawHeaders.push('host', url.host);
  }
  const body = request.body === null || request.bodyUsed ? Readable.from([]) : Readable.fromWeb(request.body as WebReadableStream<Uint8Array>);
  return Object.assign(body, { method: request.method, url: target, headers, rawHeaders, httpVersion: '1.1' }) as unknown as IncomingMessage;
}

/**
 * The response as the request path writes it: a status and headers, then the whole body at once, made a Response. It
 * tells of no 'close' (a fetch handler is not told when its client leaves), and drops a HEAD's body as node does.
 */
class FetchReply extends EventEmitter {
  statusCode = 200;
  writableFinished = false;
  #headers: Record<string, string> = {};

  constructor(
    private readonly method: string,
    private readonly answer: (response: Response) => void,
  ) {
    super();
  }

  writeHead(status: number, headers: Readonly<Record<string, string | number>>): this {
    this.statusCode = status;
    for (const [name, value] of Object.entries(headers)) this.#headers[name] = String(value);
    return this;
  }

  end(payload?: Buffer | string): this {
    this.writableFinished = true;
    const body = payload === undefined || this.method === 'HEAD' ? null : payload;
    this.answer(new Response(body, { status: this.statusCode, headers: this.#headers }));
    return this;
  }
}
