import { createServer, STATUS_CODES, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { inject, injectable } from 'inversify';
import { ApiRequestHandler } from './api-request-handler.js';

export interface ApiServerOptions {
  /** How long in-flight requests may take to finish once a stop is asked for, in milliseconds. */
  readonly drainTimeoutMs: number;
}

export const API_SERVER_OPTIONS = Symbol.for('ApiServerOptions');

/** Statuses for the errors node's parser reports before a request reaches the handler; any other is a 400. */
const CLIENT_ERROR_STATUSES: ReadonlyMap<string | undefined, number> = new Map([
  ['HPE_HEADER_OVERFLOW', 431],
  ['ERR_HTTP_REQUEST_TIMEOUT', 408],
]);

/** The node:http server: listens, answers malformed requests with JSON, and stops gracefully. */
@injectable()
export class ApiServer {
  readonly #server: Server;
  #stopping: Promise<void> | undefined;

  constructor(
    @inject(ApiRequestHandler) handler: ApiRequestHandler,
    @inject(API_SERVER_OPTIONS) private readonly options: ApiServerOptions,
  ) {
    // Host is checked by ApiRequestHandler, which answers a missing or doubled one with a JSON 400.
    this.#server = createServer({ requireHostHeader: false }, (req, res) => {
      if (this.#stopping !== undefined) {
        res.shouldKeepAlive = false;
      }
      res.once('finish', () => {
        if (this.#stopping !== undefined) setImmediate(() => this.#server.closeIdleConnections());
      });
      void handler.handle(req, res);
    });
    this.#server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
      if (!socket.writable || error.code === 'ECONNRESET' || responseStarted(socket)) {
        socket.destroy();
        return;
      }
      const status = CLIENT_ERROR_STATUSES.get(error.code) ?? 400;
      const body = JSON.stringify({ detail: `${STATUS_CODES[status]}.` });
      socket.end(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
          `Vary: Accept\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
      );
    });
  }

  /** Starts listening; resolves with the bound address (port 0 picks a free one). */
  listen(port: number, host: string): Promise<AddressInfo> {
    return new Promise((resolve, reject) => {
      this.#server.once('error', reject);
      this.#server.listen(port, host, () => {
        this.#server.off('error', reject);
        resolve(this.#server.address() as AddressInfo);
      });
    });
  }

  /** Stops accepting connections, lets in-flight requests finish (cut off after the drain timeout), then resolves. */
  stop(): Promise<void> {
    this.#stopping ??= new Promise<void>((resolve) => {
      const deadline = setTimeout(() => this.#server.closeAllConnections(), this.options.drainTimeoutMs);
      this.#server.close(() => {
        clearTimeout(deadline);
        resolve();
      });
      this.#server.closeIdleConnections();
    });
    return this.#stopping;
  }
}

/** Whether a response already went out on this connection; node keeps it as `_httpMessage` (its own default handler checks the same). */
function responseStarted(socket: Duplex): boolean {
  const response = (socket as Duplex & { _httpMessage?: { headersSent: boolean } | null })._httpMessage;
  return response?.headersSent === true;
}
