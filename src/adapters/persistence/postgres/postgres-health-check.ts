import type pg from 'pg';
import type { HealthCheck } from '../../../application/ports/health-check.js';
import { DATABASE } from './postgres-failures.js';
import { timed } from './postgres-pool.js';

/** The database answers a trivial query. */
export class PostgresHealthCheck implements HealthCheck {
  readonly dependency = DATABASE;

  constructor(private readonly pool: pg.Pool) {}

  async isHealthy(): Promise<boolean> {
    return this.pool.query(timed('SELECT 1')).then(
      () => true,
      () => false,
    );
  }
}
