import type pg from 'pg';
import { CLIENT_TABLE } from './client-table.js';
import { USAGE_TABLE } from './postgres-usage-store.js';
import { IDEMPOTENCY_KEYS_INDEX, IDEMPOTENCY_KEYS_TABLE } from './postgres-record-writer.js';
import { withConnection } from './held-connection.js';
import { timed } from './postgres-pool.js';
import { RECORD_TABLES, type RecordTable } from './record-table.js';

/** Any constant: two processes migrating at once queue on this transaction-scoped advisory lock. */
const MIGRATION_LOCK = 461_003_117;

/** The tables of `records` and the service's own, with the record rules as constraints; `IF NOT EXISTS` makes each safe to run again. */
export const schemaOf = (records: readonly Pick<RecordTable<unknown>, 'create'>[]): readonly string[] => [
  ...records.map((table) => table.create),
  CLIENT_TABLE,
  USAGE_TABLE,
  IDEMPOTENCY_KEYS_TABLE,
  IDEMPOTENCY_KEYS_INDEX,
  `CREATE TABLE IF NOT EXISTS row_counts (
    table_name text PRIMARY KEY,
    total bigint NOT NULL
  )`,
  // Statement-level, so a load of 10^6 rows adds to the count once; TRUNCATE fires no DELETE trigger, hence its own.
  `CREATE OR REPLACE FUNCTION count_rows() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN
      UPDATE row_counts SET total = total + (SELECT count(*) FROM added_rows) WHERE table_name = TG_TABLE_NAME;
    ELSIF TG_OP = 'DELETE' THEN
      UPDATE row_counts SET total = total - (SELECT count(*) FROM removed_rows) WHERE table_name = TG_TABLE_NAME;
    ELSE
      UPDATE row_counts SET total = 0 WHERE table_name = TG_TABLE_NAME;
    END IF;
    RETURN NULL;
  END $$`,
];

/** The reference API's schema. */
export const SCHEMA = schemaOf(RECORD_TABLES);

/** The tables whose rows `row_counts` counts, so that a page's total costs one lookup and not a scan. */
export const COUNTED_TABLES: readonly string[] = RECORD_TABLES.map((table) => table.name);

/**
 * The counting triggers of a table and its count, made together: a table without them (new, made before them,
 * or dropped and made again) is counted once here. Creating a trigger locks the table against writers until the
 * transaction ends, so the count it starts from is exact.
 */
const countingStatements = (table: string): readonly string[] => [
  `CREATE TRIGGER ${table}_count_insert AFTER INSERT ON ${table} REFERENCING NEW TABLE AS added_rows FOR EACH STATEMENT EXECUTE FUNCTION count_rows()`,
  `CREATE TRIGGER ${table}_count_delete AFTER DELETE ON ${table} REFERENCING OLD TABLE AS removed_rows FOR EACH STATEMENT EXECUTE FUNCTION count_rows()`,
  `CREATE TRIGGER ${table}_count_truncate AFTER TRUNCATE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION count_rows()`,
  `INSERT INTO row_counts (table_name, total) SELECT '${table}', count(*) FROM ${table}
    ON CONFLICT (table_name) DO UPDATE SET total = excluded.total`,
];

/** Creates the tables and their row counts when missing, in one transaction, serialised across processes. */
export async function migrateSchema(pool: pg.Pool, records: readonly Pick<RecordTable<unknown>, 'name' | 'create'>[] = RECORD_TABLES): Promise<void> {
  await withConnection(pool, async (client) => {
    await client.query(timed('BEGIN'));
    await client.query(timed('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]));
    for (const statement of schemaOf(records)) await client.query(timed(statement));
    for (const { name: table } of records) {
      const { rowCount } = await client.query(
        timed(`SELECT 1 FROM pg_trigger WHERE tgrelid = $1::regclass AND tgname = $2`, [table, `${table}_count_insert`]),
      );
      if (rowCount === 0) for (const statement of countingStatements(table)) await client.query(timed(statement));
    }
    await client.query(timed('COMMIT'));
  });
}
