import type { Exchange } from './exchange.js';

/** Told of every answered request once its response is handed to the connection (or its client left: status 499). */
export interface RequestObserver {
  observe(exchange: Exchange, status: number, durationMs: number): void;
}
