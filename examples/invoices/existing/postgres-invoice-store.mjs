// The same store over the team's own PostgreSQL tables, with its own SQL: the versioning layer never sees it.
import pg from 'pg';
import { SAMPLE } from './invoice-store.mjs';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS customers (id text PRIMARY KEY CHECK (id LIKE 'cus\\_%'), display_name text NOT NULL);
CREATE TABLE IF NOT EXISTS invoices (
  id text PRIMARY KEY CHECK (id LIKE 'inv\\_%'),
  customer_id text NOT NULL REFERENCES customers (id),
  cents integer NOT NULL CHECK (cents > 0),
  currency text NOT NULL CHECK (currency IN ('EUR', 'USD')),
  status text NOT NULL CHECK (status IN ('draft', 'open', 'paid')),
  created timestamptz NOT NULL DEFAULT now()
);
CREATE SEQUENCE IF NOT EXISTS invoice_numbers START 1004;
`;

const SHOWN = `SELECT i.id, json_build_object('id', c.id, 'display_name', c.display_name) AS customer,
  json_build_object('value', i.cents, 'currency', i.currency) AS amount, i.status,
  to_char(i.created AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created
  FROM invoices i JOIN customers c ON c.id = i.customer_id`;

/** The invoices and customers in the team's own tables, created with the sample when missing. */
export class PostgresInvoiceStore {
  /** @param {string} url */
  static async open(url) {
    const pool = new pg.Pool({ connectionString: url, max: 5 });
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(SCHEMA);
      const { rows } = await client.query('SELECT count(*)::int AS n FROM customers');
      if (rows[0].n === 0) {
        for (const { id, display_name } of SAMPLE.customers) await client.query('INSERT INTO customers VALUES ($1, $2)', [id, display_name]);
        for (const row of SAMPLE.invoices) {
          await client.query('INSERT INTO invoices VALUES ($1, $2, $3, $4, $5, $6)', [
            row.id,
            row.customer_id,
            row.cents,
            row.currency,
            row.status,
            row.created,
          ]);
        }
      }
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    } finally {
      client.release();
    }
    return new PostgresInvoiceStore(pool);
  }

  #pool;

  constructor(pool) {
    this.#pool = pool;
  }

  async list({ status } = {}) {
    const { rows } = await this.#pool.query(`${SHOWN} WHERE $1::text IS NULL OR i.status = $1 ORDER BY i.id`, [status ?? null]);
    return rows;
  }

  async find(id) {
    const { rows } = await this.#pool.query(`${SHOWN} WHERE i.id = $1`, [id]);
    return rows[0];
  }

  async create({ customer_id, amount, finalize = false }) {
    const { rows } = await this.#pool.query(
      `WITH made AS (
         INSERT INTO invoices (id, customer_id, cents, currency, status)
         SELECT 'inv_' || nextval('invoice_numbers'), c.id, $2, $3, $4 FROM customers c WHERE c.id = $1
         RETURNING id)
       SELECT id FROM made`,
      [customer_id, amount.value, amount.currency, finalize ? 'open' : 'draft'],
    );
    if (rows.length === 0) return { refused: 'no_customer' };
    return { invoice: await this.find(rows[0].id) };
  }

  async pay(id) {
    const { rowCount } = await this.#pool.query("UPDATE invoices SET status = 'paid' WHERE id = $1 AND status = 'open'", [id]);
    if (rowCount === 1) return { invoice: await this.find(id) };
    return { refused: (await this.find(id)) === undefined ? 'no_invoice' : 'not_open' };
  }

  async close() {
    await this.#pool.end();
  }
}
