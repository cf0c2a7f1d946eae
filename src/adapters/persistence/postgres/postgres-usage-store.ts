import type pg from 'pg';
import type { UsageCount } from '../../../domain/clients/usage.js';
import type { UsageQuery, UsageStore } from '../../../application/ports/usage-store.js';
import { timed } from './postgres-pool.js';
import type { LayerTable } from './table-shape.js';

/** The request counts of every process, summed by an upsert per batch. */
export const USAGE_TABLE: LayerTable = {
  name: 'api_usage',
  columns: [
    ['client', 'text'],
    ['version', 'text'],
    ['route', 'text'],
    ['day', 'date'],
    ['requests', 'bigint'],
  ],
  primaryKey: ['day', 'client', 'version', 'route'],
  create: [
    `CREATE TABLE IF NOT EXISTS api_usage (
    client text NOT NULL,
    version text NOT NULL,
    route text NOT NULL,
    day date NOT NULL,
    requests bigint NOT NULL CHECK (requests > 0),
    PRIMARY KEY (day, client, version, route)
  )`,
  ],
};

/**
 * A batch is one statement: the counts as five arrays, added to the stored ones. Its rows are written in the primary
 * key's order, so that batches of several processes at once lock the rows they share in one order, never a deadlock.
 */
const ADD = `INSERT INTO api_usage (client, version, route, day, requests)
  SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::date[], $5::bigint[]) AS batch (client, version, route, day, requests)
  ORDER BY day, client, version, route
  ON CONFLICT (day, client, version, route) DO UPDATE SET requests = api_usage.requests + excluded.requests`;

const READ = `SELECT client, version, route, to_char(day, 'YYYY-MM-DD') AS day, requests::float8 AS requests FROM api_usage
  WHERE day BETWEEN $1::date AND $2::date AND ($3::text IS NULL OR client = $3) AND ($4::text IS NULL OR version = $4)
  ORDER BY day, client, version, route`;

export class PostgresUsageStore implements UsageStore {
  constructor(private readonly pool: pg.Pool) {}

  async add(counts: readonly UsageCount[]): Promise<void> {
    const column = <K extends keyof UsageCount>(key: K): UsageCount[K][] => counts.map((count) => count[key]);
    await this.pool.query(timed(ADD, [column('client'), column('version'), column('route'), column('day'), column('requests')]));
  }

  async read({ from, to, client, version }: UsageQuery): Promise<readonly UsageCount[]> {
    const { rows } = await this.pool.query<UsageCount>(timed(READ, [from, to, client ?? null, version ?? null]));
    return rows;
  }
}
