import { DependencyUnavailableError } from '../../../application/errors/refusals.js';

export const DATABASE = 'database';

/**
 * SQLSTATE classes and codes that mean "the database cannot serve now" rather than "this query is wrong":
 * connection exceptions (08), insufficient resources (53), the server shutting down or starting (57P01-57P03), and a
 * statement stopped by `statement_timeout` (57014: the server is too slow now, as when the client's own timeout fires).
 */
const UNAVAILABLE_SQLSTATE = /^(08|53|57P0[123]|57014)/;

/** Whether an error from pg means the database is out of reach (network, server down or restarting). */
export function isUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  // pg's own failures (connection refused, terminated, timed out) carry a Node errno code or none; SQL errors a 5-character SQLSTATE.
  const isSqlState = typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);
  return !isSqlState || UNAVAILABLE_SQLSTATE.test(code);
}

/** Runs a database call; an outage becomes DependencyUnavailableError (a 503), anything else is left as it is (a 500). */
export async function unlessUnavailable<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (isUnavailable(error)) throw new DependencyUnavailableError(DATABASE, { cause: error });
    throw error;
  }
}
