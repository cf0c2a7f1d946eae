import { Gauge, Histogram, type Registry } from 'prom-client';

/** What the metrics read of a node-postgres pool. */
export interface MeasuredPool {
  readonly totalCount: number;
  readonly idleCount: number;
  readonly waitingCount: number;
  on(event: 'acquire', listener: (client: object) => void): unknown;
  on(event: 'release', listener: (error: unknown, client: object) => void): unknown;
}

/** Seconds; the statement timeout stops a statement before 10 s. */
const STATEMENT_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The pool's connections (read when scraped) and the duration of each statement, timed from the pool's own
 * `acquire` and `release` events so the repositories stay unaware of metrics: the service holds a connection for
 * one statement (a request's one, or the health check's), the migration's are done before this is registered.
 */
export function registerPoolMetrics(registry: Registry, pool: MeasuredPool): void {
  const gauge = (name: string, help: string, read: () => number): void => {
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(read());
      },
    });
  };
  gauge('pg_pool_connections', 'Connections the PostgreSQL pool holds, busy or idle.', () => pool.totalCount);
  gauge('pg_pool_connections_idle', 'Pooled PostgreSQL connections waiting for a statement.', () => pool.idleCount);
  gauge(
    'pg_pool_requests_waiting',
    'Statements waiting for a pooled PostgreSQL connection (the pool is at DATABASE_POOL_SIZE).',
    () => pool.waitingCount,
  );
  const statements = new Histogram({
    name: 'pg_statement_duration_seconds',
    help: 'Time a pooled PostgreSQL connection was held for one statement, failed or not.',
    buckets: STATEMENT_BUCKETS,
    registers: [registry],
  });
  const acquired = new WeakMap<object, number>();
  pool.on('acquire', (client) => acquired.set(client, performance.now()));
  pool.on('release', (_error, client) => {
    const since = acquired.get(client);
    if (since !== undefined) statements.observe((performance.now() - since) / 1000);
  });
}
