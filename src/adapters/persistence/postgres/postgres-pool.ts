import pg from 'pg';

/** The OID of PostgreSQL's `date` type. */
const DATE_OID = 1082;
/** How long one connection attempt waits for the server's answer. */
export const CONNECTION_TIMEOUT_MS = 5_000;
/**
 * A query on a connection whose server went silent fails after this, instead of holding a request forever: on the
 * request path through QueryDeadline, elsewhere (the schema step, writes, the health check) through `timed`.
 */
export const QUERY_TIMEOUT_MS = 10_000;
/** The server stops a statement after this, just before the client gives up on it, so no query runs on for nobody. */
export const DEFAULT_STATEMENT_TIMEOUT_MS = QUERY_TIMEOUT_MS - 500;

/**
 * Each named statement planned once per connection: left to choose, PostgreSQL plans a page's statement anew on every
 * execution once the table is large (a custom plan: about 0.1 ms more of its CPU a page with 10^6 rows), though the
 * generic plan (an index scan by id) is the same for every value of the parameters. Sent at connection start, with
 * statement_timeout and the search path, as the `options` startup parameter.
 */
const GENERIC_PLANS = '-c plan_cache_mode=force_generic_plan';

/** The schema that holds every table, function and trigger of the layer: it leaves the rest of the database alone. */
export const LAYER_SCHEMA = 'version_aware_api';

/** A pooled connection names the layer's tables unqualified and finds only them, never a table of the same name elsewhere. */
const LAYER_TABLES_ONLY = `-c search_path=${LAYER_SCHEMA}`;

export interface PoolSettings {
  readonly url: string;
  readonly size: number;
  /** PostgreSQL's `statement_timeout` on each connection, in milliseconds (DATABASE_STATEMENT_TIMEOUT_MS). */
  readonly statementTimeoutMs?: number;
  /** Told about a pooled connection that broke while idle (the server went away); the pool replaces it. */
  readonly onIdleError: (error: Error) => void;
}

/**
 * A pool of connections whose `date` values come back as the server's `YYYY-MM-DD` text: node-postgres
 * would otherwise make a JavaScript Date at local midnight, which shifts the day in zones far from UTC.
 * The parser is set on this pool's connections only, not on pg's global type table.
 */
export function createPool({ url, size, statementTimeoutMs = DEFAULT_STATEMENT_TIMEOUT_MS, onIdleError }: PoolSettings): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: size,
    connectionTimeoutMillis: CONNECTION_TIMEOUT_MS,
    statement_timeout: statementTimeoutMs,
    options: `${GENERIC_PLANS} ${LAYER_TABLES_ONLY}`,
    application_name: 'version-aware-api',
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary'): unknown =>
        oid === DATE_OID ? (text: string) => text : (pg.types.getTypeParser(oid, format) as unknown)) as typeof pg.types.getTypeParser,
    },
  });
  pool.on('error', onIdleError);
  return pool;
}

/** A statement that fails after QUERY_TIMEOUT_MS without an answer (pg's query_timeout, a timer of its own). */
export function timed(text: string, values?: unknown[]): pg.QueryConfig {
  return { text, ...(values === undefined ? {} : { values }), query_timeout: QUERY_TIMEOUT_MS } as pg.QueryConfig;
}

/** The URL with its password hidden, for messages. */
export function redactedUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.password !== '') parsed.password = '***';
  return parsed.toString();
}
