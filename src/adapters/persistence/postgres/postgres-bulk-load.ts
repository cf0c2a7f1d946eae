import type pg from 'pg';
import { withConnection } from './held-connection.js';
import { timed } from './postgres-pool.js';
import { recordsOf, type LoadedRecords } from '../loaded-records.js';
import type { RecordTable } from './record-table.js';

/** Rows per INSERT: each statement ends well within the statement and query timeouts, however large the file. */
export const ROWS_PER_STATEMENT = 10_000;

/**
 * Writes records in one transaction: each is inserted, or replaces the row with its id; other rows stay (a collection
 * left out writes nothing). Either every record is written or, on any error, none is.
 */
export async function writeRecords(
  pool: pg.Pool,
  records: Partial<LoadedRecords>,
  tables: readonly RecordTable<{ readonly id: number }>[],
): Promise<void> {
  await withConnection(pool, async (client) => {
    await client.query(timed('BEGIN'));
    for (const table of tables) await upsert(client, table, recordsOf(records, table));
    await client.query(timed('COMMIT'));
  });
}

async function upsert<R>(client: pg.PoolClient, table: RecordTable<R>, records: readonly R[]): Promise<void> {
  for (let start = 0; start < records.length; start += ROWS_PER_STATEMENT) {
    await upsertBatch(client, table, records.slice(start, start + ROWS_PER_STATEMENT));
  }
}

async function upsertBatch<R>(client: pg.PoolClient, table: RecordTable<R>, records: readonly R[]): Promise<void> {
  const rows = records.map((record) => table.values(record));
  const columns = table.columns.map((_, index) => rows.map((row) => row[index]));
  const unnest = table.arrayTypes.map((type, index) => `$${index + 1}::${type}`).join(', ');
  const updates = table.columns.filter((column) => column !== 'id').map((column) => `${column} = excluded.${column}`);
  await client.query(
    timed(
      `INSERT INTO ${table.name} (${table.columns.join(', ')}) SELECT * FROM unnest(${unnest}) ` +
        `ON CONFLICT (id) DO UPDATE SET ${updates.join(', ')}`,
      columns,
    ),
  );
}
