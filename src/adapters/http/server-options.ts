import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';

/** The limits the server puts on each client; durations in milliseconds. */
export interface ApiServerOptions {
  /** Time to receive a request's header block; a slower client is answered 408. */
  readonly headersTimeoutMs: number;
  /** Time to receive a whole request; at least headersTimeoutMs. */
  readonly requestTimeoutMs: number;
  /** How long an idle keep-alive connection stays open. */
  readonly keepAliveTimeoutMs: number;
  /** Largest request line plus header block, in bytes; a larger one is answered 431. */
  readonly maxHeaderSize: number;
  /** Requests served on one connection, the last one with `Connection: close`; 0 for no limit. */
  readonly maxRequestsPerSocket: number;
  /** How long in-flight requests may take to finish once a stop is asked for. */
  readonly drainTimeoutMs: number;
}

export const API_SERVER_OPTIONS = Symbol.for('ApiServerOptions');

/**
 * How long, once a stop begins, an idle keep-alive connection stays open for a request the client may
 * already have sent on it (answered with `Connection: close`), instead of being cut with that request
 * lost in flight. Capped by the keep-alive timeout, which closes idle connections anyway.
 */
export const STOP_IDLE_GRACE_MS = 500;

/**
 * How often node looks for connections past headersTimeout or requestTimeout (its default is every 30 s,
 * which would let a slow client hold a connection far longer than the timeout): a tenth of the headers
 * timeout, between 10 ms and 1 s.
 */
export function connectionsCheckingInterval(headersTimeoutMs: number): number {
  return Math.min(1000, Math.max(10, Math.floor(headersTimeoutMs / 10)));
}

/** Listens on host:port: resolves with the bound address (port 0 picks a free one), or rejects with the listen error. */
export function listenOn(server: Server, port: number, host: string): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server.address() as AddressInfo);
    });
  });
}
