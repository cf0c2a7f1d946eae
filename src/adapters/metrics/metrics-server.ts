import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { listenOn } from '../http/server-options.js';

/** The text of a scrape: this process's registry, or, in a cluster's primary, every worker's summed. */
export interface MetricsSource {
  readonly contentType: string;
  metrics(): Promise<string>;
}

const ALLOW = 'GET, HEAD';

/**
 * The metrics listener, apart from the API's port: `GET /metrics` (and HEAD) in the Prometheus text format; any other
 * path is a 404, any other method a 405, each with a JSON `detail` like the API's errors.
 */
export class MetricsServer {
  readonly #server: Server;

  constructor(
    source: MetricsSource,
    private readonly logError: (message: string, error: Error) => void,
  ) {
    this.#server = createServer((req, res) => void this.#answer(source, req, res));
    // A scraper keeps its connection open between scrapes; nothing else is expected here.
    this.#server.keepAliveTimeout = 65_000;
  }

  listen(port: number, host: string): Promise<AddressInfo> {
    return listenOn(this.#server, port, host);
  }

  /** Stops listening and closes every connection: a scrape cut short is simply retried by the scraper. */
  stop(): Promise<void> {
    return new Promise((resolve) => {
      this.#server.close(() => resolve());
      this.#server.closeAllConnections();
    });
  }

  async #answer(source: MetricsSource, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url as string).split('?', 1)[0];
    if (path !== '/metrics') return sendDetail(res, 404, 'Not found: metrics are served at /metrics.');
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return sendDetail(res, 405, `Method "${req.method}" not allowed.`, { Allow: ALLOW });
    }
    let text: string;
    try {
      text = await source.metrics();
    } catch (error) {
      this.logError('metrics could not be collected', error as Error);
      return sendDetail(res, 503, 'Metrics could not be collected; try again.');
    }
    res.writeHead(200, { 'Content-Type': source.contentType, 'Content-Length': Buffer.byteLength(text), 'Cache-Control': 'no-store' });
    res.end(req.method === 'HEAD' ? undefined : text);
  }
}

function sendDetail(res: ServerResponse, status: number, detail: string, headers: Record<string, string> = {}): void {
  const body = JSON.stringify({ detail });
  res.writeHead(status, { ...headers, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}
