import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { ErrorResponse } from './request/refusals.js';

// How the server ends a connection itself: a last answer that lingers, and the answers it writes straight to a socket.

/** How long a connection that has had its last answer reads on for the client to close it first. */
export const LINGER_MS = 2_000;

/**
 * Marks the connection's current request as its last: requests pipelined behind it are not run, and once its answer
 * is written the connection ends by lingering (node calls `destroySoon` after the last answer).
 */
export function closeAfterThis(closing: WeakSet<Socket>, socket: Socket): void {
  closing.add(socket);
  socket.destroySoon = lingeringClose;
}

/**
 * Ends the connection, reading on (node's parser drops what it reads behind the last answer) until the client closes
 * it or LINGER_MS pass: closing with requests unread sends a reset, which takes answers already sent with it.
 */
export function lingeringClose(this: Socket): void {
  this.end();
  setTimeout(() => this.destroy(), LINGER_MS).unref();
}

/** A request whose last transfer coding is not chunked has no length the server can know: RFC 9112 §6.1 makes it a 400. */
export function lastCodingIsNotChunked(codings: string | undefined): boolean {
  return (
    codings !== undefined &&
    codings
      .slice(codings.lastIndexOf(',') + 1)
      .trim()
      .toLowerCase() !== 'chunked'
  );
}

/**
 * Writes an error answer whole straight to a socket node's request handling does not own, and closes it: `headerLines`
 * (its Vary, and what else its sender knows) come before the answer's own headers and `Connection: close`.
 */
export function writeJsonAndClose(socket: Duplex, { status, detail, headers }: ErrorResponse, headerLines: string): void {
  const payload = JSON.stringify({ detail });
  const ownLines = Object.entries({ ...headers, Connection: 'close' })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(payload)}\r\n` +
      `X-Content-Type-Options: nosniff\r\nCache-Control: no-store\r\n${headerLines}${ownLines}\r\n${payload}`,
  );
}

/** Whether a response already went out on this connection; node keeps it as `_httpMessage` (its own default handler checks the same). */
export function responseStarted(socket: Duplex): boolean {
  const response = (socket as Duplex & { _httpMessage?: { headersSent: boolean } | null })._httpMessage;
  return response?.headersSent === true;
}
