import type pg from 'pg';
import { CLIENT_TABLE } from './client-table.js';
import { readLayout } from './found-layout.js';
import { withConnection } from './held-connection.js';
import { COUNTED_EVENTS, migrationPlan, type CountingStatements } from './migration-plan.js';
import { LAYER_SCHEMA, timed } from './postgres-pool.js';
import { IDEMPOTENCY_KEYS_TABLE } from './postgres-record-writer.js';
import { USAGE_TABLE } from './postgres-usage-store.js';
import type { RecordTable } from './record-table.js';
import type { LayerTable } from './table-shape.js';

/** Any constant: two processes migrating at once queue on this transaction-scoped advisory lock. */
const MIGRATION_LOCK = 461_003_117;

/** What the schema step needs of a record table. */
export type MigratedTable = Pick<RecordTable<unknown>, 'name' | 'create' | 'columns' | 'types'>;

const ROW_COUNTS_TABLE: LayerTable = {
  name: 'row_counts',
  columns: [
    ['table_name', 'text'],
    ['total', 'bigint'],
  ],
  primaryKey: ['table_name'],
  create: [
    `CREATE TABLE IF NOT EXISTS row_counts (
    table_name text PRIMARY KEY,
    total bigint NOT NULL
  )`,
  ],
};

/** The layer's tables for `records`: the record tables (each with the record rules as constraints), then the service's own. */
export const layerTablesOf = (records: readonly MigratedTable[]): readonly LayerTable[] => [
  ...records.map((table): LayerTable => ({
    name: table.name,
    columns: table.columns.map((column, index) => [column, table.types[index] as string]),
    primaryKey: ['id'],
    create: [table.create],
  })),
  CLIENT_TABLE,
  USAGE_TABLE,
  IDEMPOTENCY_KEYS_TABLE,
  ROW_COUNTS_TABLE,
];

/**
 * Statement-level, so a load of 10^6 rows adds to the count once; TRUNCATE fires no DELETE trigger, hence its own.
 * `row_counts` is named with its schema: a trigger runs with the search path of whoever writes, psql's too.
 */
const COUNT_ROWS_SOURCE = `
  BEGIN
    IF TG_OP = 'INSERT' THEN
      UPDATE ${LAYER_SCHEMA}.row_counts SET total = total + (SELECT count(*) FROM added_rows) WHERE table_name = TG_TABLE_NAME;
    ELSIF TG_OP = 'DELETE' THEN
      UPDATE ${LAYER_SCHEMA}.row_counts SET total = total - (SELECT count(*) FROM removed_rows) WHERE table_name = TG_TABLE_NAME;
    ELSE
      UPDATE ${LAYER_SCHEMA}.row_counts SET total = 0 WHERE table_name = TG_TABLE_NAME;
    END IF;
    RETURN NULL;
  END `;

const TRANSITION: Readonly<Record<(typeof COUNTED_EVENTS)[number], string>> = {
  insert: 'REFERENCING NEW TABLE AS added_rows ',
  delete: 'REFERENCING OLD TABLE AS removed_rows ',
  truncate: '',
};

/**
 * The counting triggers of a table and its count, made together: a table without them (new, made before them,
 * or dropped and made again) is counted once here. Creating a trigger locks the table against writers until the
 * transaction ends, so the count it starts from is exact.
 */
const COUNTING: CountingStatements = {
  countRowsSource: COUNT_ROWS_SOURCE,
  createCountRows: `CREATE OR REPLACE FUNCTION ${LAYER_SCHEMA}.count_rows() RETURNS trigger LANGUAGE plpgsql AS $$${COUNT_ROWS_SOURCE}$$`,
  countingOf: (table) => [
    ...COUNTED_EVENTS.map(
      (event) =>
        `CREATE TRIGGER ${table}_count_${event} AFTER ${event.toUpperCase()} ON ${table} ${TRANSITION[event]}` +
        `FOR EACH STATEMENT EXECUTE FUNCTION ${LAYER_SCHEMA}.count_rows()`,
    ),
    `INSERT INTO row_counts (table_name, total) SELECT '${table}', count(*) FROM ${table}
    ON CONFLICT (table_name) DO UPDATE SET total = excluded.total`,
  ],
};

/** The tables of the layer's schema that the layer cannot take as its own; the start that found them changed nothing. */
export class UnfitTablesError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(problems.join('; '));
  }
}

/**
 * Checks, then makes what is missing of the layer's schema (`LAYER_SCHEMA`) for `records`, moving there the tables of a
 * database of an earlier release (in public), in one transaction serialised across processes. Throws UnfitTablesError,
 * having changed nothing, when a table of the layer's name is not of its shape.
 */
export async function migrateSchema(pool: pg.Pool, records: readonly MigratedTable[]): Promise<void> {
  const tables = layerTablesOf(records);
  await withConnection(pool, async (client) => {
    await client.query(timed('BEGIN'));
    await client.query(timed('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]));
    // What it makes unqualified is made in the layer's schema, whatever the pool's search path.
    await client.query(timed(`SET LOCAL search_path = ${LAYER_SCHEMA}`));
    const found = await readLayout(
      client,
      tables.map((table) => table.name),
    );
    const plan = migrationPlan(
      found,
      tables,
      records.map((table) => table.name),
      COUNTING,
    );
    if ('problems' in plan) {
      await client.query(timed('ROLLBACK'));
      throw new UnfitTablesError(plan.problems);
    }
    for (const statement of plan.statements) await client.query(timed(statement));
    await client.query(timed('COMMIT'));
  });
}
