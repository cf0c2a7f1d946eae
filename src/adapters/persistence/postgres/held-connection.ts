import type pg from 'pg';

/**
 * The 'error' listener of a pooled connection while it is taken. pg-pool removes its own idle listener when it hands a
 * connection out, and pg emits 'error' on a connection that breaks even while a statement runs on it (the statement
 * fails too, which is where the failure is handled): with no listener, a server restart (FATAL 57P01) read in that
 * moment would end the process.
 */
export function whileHeld(): void {}

/**
 * Takes a connection with pg's callback form and listens for its errors at once: `await pool.connect()` resumes a
 * microtask after pg-pool removed its listener, and a FATAL parsed in the same socket read had none.
 */
export function takeConnection(pool: pg.Pool, taken: (...outcome: [Error, undefined] | [undefined, pg.PoolClient]) => void): void {
  pool.connect((error, client) => {
    if (error !== undefined && error !== null) {
      taken(error, undefined);
      return;
    }
    const held = client as pg.PoolClient;
    held.on('error', whileHeld);
    taken(undefined, held);
  });
}

/** Gives a connection taken by `takeConnection` back; with an error, the pool ends it instead of reusing it. */
export function giveBack(client: pg.PoolClient, error?: Error | boolean): void {
  client.removeListener('error', whileHeld);
  client.release(error);
}

/** Runs `use` on a connection of its own, given back after; when `use` fails, the connection is ended, not reused. */
export function withConnection<T>(pool: pg.Pool, use: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    takeConnection(pool, (error, client) => {
      if (client === undefined) {
        reject(error);
        return;
      }
      use(client).then(
        (result) => {
          giveBack(client);
          resolve(result);
        },
        (failure: Error) => {
          giveBack(client, true);
          reject(failure);
        },
      );
    });
  });
}
