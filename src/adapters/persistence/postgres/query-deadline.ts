import type pg from 'pg';
import { giveBack, takeConnection } from './held-connection.js';

/** A query in flight on a client of its own, and when it must have been answered. */
interface InFlight {
  readonly client: pg.PoolClient;
  readonly deadline: number;
  timedOut: boolean;
}

/** The query outlived its deadline: the server went silent, or the network between. */
export class QueryTimeoutError extends Error {
  constructor(timeoutMs: number, options?: ErrorOptions) {
    super(`the database did not answer within ${timeoutMs} ms`, options);
    this.name = 'QueryTimeoutError';
  }
}

/**
 * Runs the request path's queries, each failing once it has waited `timeoutMs` for an answer (then its connection
 * is destroyed, and the pool replaces it). One timer watches every query in flight, instead of pg's `query_timeout`,
 * which arms and clears a timer per query: under load those timers kept each query's rows alive past young-generation
 * collections, and garbage collection took a third of a list request's CPU time.
 */
export class QueryDeadline {
  readonly #inFlight = new Set<InFlight>();
  #watch: NodeJS.Timeout | undefined;

  constructor(
    private readonly pool: pg.Pool,
    readonly timeoutMs: number,
    /** How often the deadlines are checked: a query fails between timeoutMs and timeoutMs + this. */
    private readonly checkEveryMs = Math.max(10, Math.floor(timeoutMs / 20)),
  ) {}

  query<R extends unknown[]>(config: pg.QueryArrayConfig): Promise<pg.QueryArrayResult<R>> {
    return new Promise((resolve, reject) => {
      takeConnection(this.pool, (connectError, client) => {
        if (client === undefined) {
          reject(connectError);
          return;
        }
        const entry: InFlight = { client, deadline: Date.now() + this.timeoutMs, timedOut: false };
        this.#inFlight.add(entry);
        this.#watch ??= setInterval(() => this.#check(), this.checkEveryMs).unref();
        // With pg's promise form (no callback) every result's rows outlived young-generation collections under load
        // (--trace-gc-nvp: 28 KB promoted a page request, GC a third of the CPU); with a callback they die young.
        client.query<R>(config, (error: Error | undefined, result: pg.QueryArrayResult<R>) => {
          this.#inFlight.delete(entry);
          if (error === undefined || error === null) {
            giveBack(client);
            resolve(result);
          } else {
            giveBack(client, error);
            reject(entry.timedOut ? new QueryTimeoutError(this.timeoutMs, { cause: error }) : error);
          }
        });
      });
    });
  }

  /** Ends the connections of overdue queries (their queries then fail); stops watching once nothing is in flight. */
  #check(): void {
    if (this.#inFlight.size === 0) {
      clearInterval(this.#watch);
      this.#watch = undefined;
      return;
    }
    const now = Date.now();
    for (const entry of this.#inFlight) {
      if (entry.timedOut || now < entry.deadline) continue;
      entry.timedOut = true;
      // Ending a client whose query is in flight destroys its socket, and the query fails with "Connection terminated".
      void entry.client.end();
    }
  }
}
