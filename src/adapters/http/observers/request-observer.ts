import type { ServerResponse } from 'node:http';
import type { Exchange } from '../steps/exchange.js';

/** The observers of every request (the access log, the metrics, the usage counts), as the container binds them. */
export const REQUEST_OBSERVERS = Symbol.for('RequestObservers');

/**
 * Told of every answered request once its response is handed to the connection (or its client left: status 499); the
 * response, to know when it is written in full.
 */
export interface RequestObserver {
  /** Whether it reads `durationMs`: when none does, the clock is not read for it. */
  readonly timed: boolean;
  observe(exchange: Exchange, status: number, durationMs: number, response: ServerResponse): void;
}
