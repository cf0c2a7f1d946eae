import type pg from 'pg';

/** Any constant: two processes migrating at once queue on this transaction-scoped advisory lock. */
const MIGRATION_LOCK = 461_003_117;
const MAX_SAFE_ID = Number.MAX_SAFE_INTEGER;

/** The tables, with the record rules as constraints; `IF NOT EXISTS` makes the step safe to run again. */
export const SCHEMA = [
  `CREATE TABLE IF NOT EXISTS dogs (
    id bigint PRIMARY KEY CONSTRAINT dogs_id_check CHECK (id BETWEEN 1 AND ${MAX_SAFE_ID}),
    name text NOT NULL CONSTRAINT dogs_name_check CHECK (char_length(name) BETWEEN 1 AND 50),
    birthday date NOT NULL
  )`,
  `CREATE TABLE IF NOT EXISTS cats (
    id bigint PRIMARY KEY CONSTRAINT cats_id_check CHECK (id BETWEEN 1 AND ${MAX_SAFE_ID}),
    name text NOT NULL CONSTRAINT cats_name_check CHECK (char_length(name) BETWEEN 1 AND 50)
  )`,
] as const;

/** Creates the tables when missing, in one transaction, serialised across processes. */
export async function migrateSchema(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    for (const statement of SCHEMA) await client.query(statement);
    await client.query('COMMIT');
    client.release();
  } catch (error) {
    client.release(true);
    throw error;
  }
}
