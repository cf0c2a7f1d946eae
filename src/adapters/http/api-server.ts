import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Server as NetServer, type AddressInfo, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { inject, injectable } from 'inversify';
import { ALLOWED_METHODS } from './routing/route-methods.js';
import { ApiRequestHandler } from './api-request-handler.js';
import { baseHeaders, sendBody } from './response/send-body.js';
import { errorResponseFor, ExpectationFailedError, MethodNotAllowedError, UnreadableRequestError, type ErrorResponse } from './request/refusals.js';
import { API_SERVER_OPTIONS, connectionsCheckingInterval, listenOn, STOP_IDLE_GRACE_MS, type ApiServerOptions } from './server-options.js';
import { closeAfterThis, lastCodingIsNotChunked, responseStarted, writeJsonAndClose } from './connection-ends.js';

/** The node:http server: listens, enforces the limits, answers malformed requests with JSON, and stops gracefully. */
@injectable()
export class ApiServer {
  readonly #server: Server;
  /** Responses not yet written whole to their connection. */
  readonly #inFlight = new Set<ServerResponse>();
  readonly #requestsPerSocket = new WeakMap<Socket, number>();
  /** The latest response on each connection to a request with a body. */
  readonly #latestResponse = new WeakMap<Socket, ServerResponse>();
  /** Connections whose last answer is decided: they close once it is written. */
  readonly #closing = new WeakSet<Socket>();
  readonly #forget: (this: ServerResponse) => void;
  readonly #closeIdleSoon: () => void;
  #stopping: Promise<void> | undefined;

  constructor(
    @inject(ApiRequestHandler) handler: ApiRequestHandler,
    @inject(API_SERVER_OPTIONS) private readonly options: ApiServerOptions,
  ) {
    const server = createServer({
      // Host is checked by ApiRequestHandler, which answers a missing or doubled one with a JSON 400.
      requireHostHeader: false,
      headersTimeout: options.headersTimeoutMs,
      requestTimeout: options.requestTimeoutMs,
      maxHeaderSize: options.maxHeaderSize,
      connectionsCheckingInterval: connectionsCheckingInterval(options.headersTimeoutMs),
    });
    server.keepAliveTimeout = options.keepAliveTimeoutMs;
    // Listeners shared by every response, so that a request allocates none of its own.
    const inFlight = this.#inFlight;
    this.#forget = function (this: ServerResponse) {
      inFlight.delete(this);
    };
    this.#closeIdleSoon = () => {
      setTimeout(() => server.closeIdleConnections(), this.#idleGraceMs);
    };
    const countRequests = options.maxRequestsPerSocket > 0;
    const cors = handler.corsForEveryResponse ?? {};
    // The API's Vary and CORS headers, on the answers made here as on the handler's.
    const ownLines = Object.entries({ Vary: handler.vary, ...cors })
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    // The answers made here, before or beside the handler, as the refusals' catalogue gives them.
    const answer = (res: ServerResponse, refusal: UnreadableRequestError | ExpectationFailedError): void => {
      const { status, detail, headers } = catalogued(refusal);
      sendBody(res, status, { detail }, { ...baseHeaders(handler.vary), ...cors, ...headers });
    };
    const closing = this.#closing;
    const lingerIfLast = function (this: ServerResponse): void {
      // Node closes the connection after a response it marks last (Connection: close, as a 413's).
      if ((this as ServerResponse & { _last?: boolean })._last !== true) return;
      closeAfterThis(closing, this.req.socket);
      // The rest of the body is read on and dropped while the connection lingers.
      this.req.resume();
    };
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      const { socket } = req;
      // Pipelined behind the last answer its connection gets: never run, so never logged, counted, nor answered.
      if (closing.has(socket)) return;
      const { 'transfer-encoding': codings, 'content-length': length } = req.headers;
      if (lastCodingIsNotChunked(codings)) {
        closeAfterThis(closing, socket);
        answer(res, new UnreadableRequestError());
        return;
      }
      if (this.#stopping !== undefined) {
        this.#answerLastBeforeStop(res);
        closeAfterThis(closing, socket);
      } else if (countRequests && this.#isLastOnItsConnection(socket)) {
        res.shouldKeepAlive = false;
        closeAfterThis(closing, socket);
      }
      // Only a request with a body is read on after its answer; keeping every response would keep each one alive until
      // its connection's next request, past the young generation, for every collection to copy.
      if (length !== undefined || codings !== undefined) {
        this.#latestResponse.set(socket, res);
        // Before node's own 'finish' listener, which ends the connection of a last response.
        res.on('prefinish', lingerIfLast);
      }
      void handler.handle(req, res);
      // A response written whole in this turn, and before any stop, has nothing left for stop() to change.
      if (this.#stopping === undefined && res.writableEnded && res.writableLength === 0) return;
      inFlight.add(res);
      res.on('close', this.#forget);
    });
    server.on('checkExpectation', (_req: IncomingMessage, res: ServerResponse) => answer(res, new ExpectationFailedError()));
    // No route takes CONNECT; without this listener node would drop the connection with no answer.
    server.on('connect', (req: IncomingMessage, socket: Duplex) => {
      writeJsonAndClose(socket, catalogued(new MethodNotAllowedError(req.method as string)), `Allow: ${ALLOWED_METHODS}\r\n${ownLines}`);
    });
    server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
      // An error in the body of a request already answered (or being answered): a second answer would be
      // read by the client as the answer to its next request, so none is sent.
      const answered = this.#latestResponse.get(socket as Socket);
      const inBodyOfAnsweredRequest = answered !== undefined && answered.headersSent && !answered.req.complete;
      if (!socket.writable || error.code === 'ECONNRESET' || inBodyOfAnsweredRequest || responseStarted(socket)) {
        socket.destroy();
        return;
      }
      writeJsonAndClose(socket, catalogued(new UnreadableRequestError(error.code)), ownLines);
    });
    this.#server = server;
  }

  /** Starts listening; resolves with the bound address (port 0 picks a free one). */
  listen(port: number, host: string): Promise<AddressInfo> {
    return listenOn(this.#server, port, host);
  }

  /**
   * Stops accepting connections and lets in-flight requests finish, each answered with
   * `Connection: close` when its headers are not out yet; idle keep-alive connections close after
   * STOP_IDLE_GRACE_MS; everything is cut off after the drain timeout. Then resolves.
   */
  stop(): Promise<void> {
    this.#stopping ??= new Promise<void>((resolve) => {
      // Only a connection's last response in flight closes it: those pipelined before it, already run, are sent first.
      const lastOnEach = new Map<Socket, ServerResponse>();
      for (const res of this.#inFlight) lastOnEach.set(res.req.socket, res);
      for (const [socket, res] of lastOnEach) {
        if (!res.headersSent) closeAfterThis(this.#closing, socket);
        this.#answerLastBeforeStop(res);
      }
      // At the deadline every connection is cut, and the stop is over even if a socket is slow to close.
      const deadline = setTimeout(() => {
        this.#server.closeAllConnections();
        resolve();
      }, this.options.drainTimeoutMs);
      // node's http close() would also cut idle keep-alive connections at once; net's only stops listening.
      const grace = setTimeout(() => this.#server.close(), this.#idleGraceMs);
      NetServer.prototype.close.call(this.#server, () => {
        clearTimeout(deadline);
        clearTimeout(grace);
        resolve();
      });
    });
    return this.#stopping;
  }

  /**
   * A response during a stop closes its connection when its headers are not out yet, and once it is
   * written, idle connections are closed after the grace period.
   */
  #answerLastBeforeStop(res: ServerResponse): void {
    if (!res.headersSent) res.shouldKeepAlive = false;
    if (!res.writableFinished) res.once('finish', this.#closeIdleSoon);
  }

  get #idleGraceMs(): number {
    return Math.min(STOP_IDLE_GRACE_MS, this.options.keepAliveTimeoutMs);
  }

  /** Counts a request on its connection; true when it reaches maxRequestsPerSocket. */
  #isLastOnItsConnection(socket: Socket): boolean {
    const count = (this.#requestsPerSocket.get(socket) ?? 0) + 1;
    this.#requestsPerSocket.set(socket, count);
    return count === this.options.maxRequestsPerSocket;
  }
}

/** A refusal the catalogue holds, by construction: every one the server makes is in it. */
const catalogued = (refusal: UnreadableRequestError | ExpectationFailedError | MethodNotAllowedError): ErrorResponse =>
  errorResponseFor(refusal) as ErrorResponse;
