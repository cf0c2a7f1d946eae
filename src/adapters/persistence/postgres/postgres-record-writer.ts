import type pg from 'pg';
import { IDEMPOTENCY_KEY_HOURS, type CreateResult, type IdempotencyClaim, type RecordWriter } from '../../../application/ports/record-writer.js';
import type { CalendarDate } from '../../../domain/records/calendar-date.js';
import type { InvalidRecordError } from '../../../domain/records/invalid-record-error.js';
import { withConnection } from './held-connection.js';
import { unlessUnavailable } from './postgres-failures.js';
import { timed } from './postgres-pool.js';
import type { RecordTable } from './record-table.js';
import type { LayerTable } from './table-shape.js';
import { StoredRecordError } from './stored-record-error.js';

/** Any constant but the migration's: the creates of one table, from every process, queue on it and the table's hash. */
const CREATE_LOCK = 461_003_118;

/** The Idempotency-Keys of every table, each with the record it made; the creates drop the expired ones. */
export const IDEMPOTENCY_KEYS_TABLE: LayerTable = {
  name: 'idempotency_keys',
  columns: [
    ['table_name', 'text'],
    ['scope', 'text'],
    ['key', 'text'],
    ['fingerprint', 'text'],
    ['record_id', 'bigint'],
    ['created_at', 'timestamp with time zone'],
  ],
  primaryKey: ['table_name', 'scope', 'key'],
  create: [
    `CREATE TABLE IF NOT EXISTS idempotency_keys (
    table_name text,
    scope text,
    key text,
    fingerprint text NOT NULL,
    record_id bigint,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (table_name, scope, key)
  )`,
    'CREATE INDEX IF NOT EXISTS idempotency_keys_created_at ON idempotency_keys (created_at)',
  ],
};

const FORGET_EXPIRED_KEYS = 'DELETE FROM idempotency_keys WHERE table_name = $1 AND created_at < now() - make_interval(hours => $2)';
const CLAIM_KEY = 'INSERT INTO idempotency_keys (table_name, scope, key, fingerprint) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING key';
const STORED_KEY = 'SELECT fingerprint, record_id FROM idempotency_keys WHERE table_name = $1 AND scope = $2 AND key = $3';
const KEY_MADE = 'UPDATE idempotency_keys SET record_id = $4, created_at = now() WHERE table_name = $1 AND scope = $2 AND key = $3';

type Row = Readonly<Record<string, unknown>>;

/** An error of the code around the statements (a maker's refusal, a row that does not parse), carried past `unlessUnavailable`, which would take it for an outage. */
class NotTheDatabase extends Error {
  constructor(readonly error: unknown) {
    super('not a database failure', { cause: error });
  }
}

/** Runs code of ours inside a transaction, so that what it throws comes out as it is. */
function ours<T>(call: () => T): T {
  try {
    return call();
  } catch (error) {
    throw new NotTheDatabase(error);
  }
}

/** Either what a transaction answered, or what code of ours threw in it (rolled back). */
type Outcome<T> = { readonly answer: T } | { readonly thrown: NotTheDatabase };

/**
 * Writes one collection's table, each call one transaction on a connection of its own. Creates of a table queue on an
 * advisory lock, across processes, so that each takes the id above the highest and checks its Idempotency-Key alone;
 * an update locks its row, so no other write comes between its read and its write. An outage becomes
 * DependencyUnavailableError; what `make` or `change` throws comes out as it is, nothing stored.
 */
export class PostgresRecordWriter<R> implements RecordWriter<R> {
  readonly #lock: string;
  readonly #nextId: string;
  readonly #byId: string;
  readonly #lockedById: string;
  readonly #insert: string;
  readonly #update: string;

  constructor(
    private readonly pool: pg.Pool,
    private readonly table: RecordTable<R>,
    /** Today's date, which the domain's parsers take. */
    private readonly today: () => CalendarDate,
  ) {
    const { name, columns } = table;
    const list = columns.join(', ');
    // The record's values go in as the bulk load's do, each cast to its column's type.
    const cast = (index: number): string => `$${index + 1}::${table.types[index] as string}`;
    this.#lock = `SELECT pg_advisory_xact_lock(${CREATE_LOCK}, hashtext($1))`;
    this.#nextId = `SELECT coalesce(max(id), 0) + 1 AS id FROM ${name}`;
    this.#byId = `SELECT ${list} FROM ${name} WHERE id = $1`;
    this.#lockedById = `${this.#byId} FOR UPDATE`;
    this.#insert = `INSERT INTO ${name} (${list}) VALUES (${columns.map((_, index) => cast(index)).join(', ')}) RETURNING ${list}`;
    const changes = columns.flatMap((column, index) => (index === 0 ? [] : [`${column} = ${cast(index)}`]));
    this.#update = `UPDATE ${name} SET ${changes.join(', ')} WHERE id = $1 RETURNING ${list}`;
  }

  create(make: (id: number) => R, claim?: IdempotencyClaim): Promise<CreateResult<R>> {
    return this.#transaction(async (client) => {
      await client.query(timed(this.#lock, [this.table.name]));
      if (claim !== undefined) {
        const earlier = await this.#claim(client, claim);
        if (earlier !== undefined) {
          // A replay keeps the expired keys' removal; a reused key stores nothing.
          await client.query(timed(earlier.kind === 'replayed' ? 'COMMIT' : 'ROLLBACK'));
          return earlier;
        }
      }
      const { rows } = await client.query<{ id: string }>(timed(this.#nextId));
      const id = Number(rows[0]?.id);
      const values = ours(() => this.table.values(this.#madeFor(id, make(id))));
      const inserted = await client.query<Row>(timed(this.#insert, [...values]));
      const record = ours(() => this.#parse(inserted.rows[0] as Row));
      if (claim !== undefined) await client.query(timed(KEY_MADE, [this.table.name, claim.scope, claim.key, id]));
      await client.query(timed('COMMIT'));
      return { kind: 'created', record };
    });
  }

  update(id: number, change: (current: R) => R): Promise<R | undefined> {
    return this.#transaction(async (client) => {
      const { rows } = await client.query<Row>(timed(this.#lockedById, [id]));
      if (rows[0] === undefined) {
        await client.query(timed('ROLLBACK'));
        return undefined;
      }
      const current = rows[0];
      const values = ours(() => this.table.values(this.#madeFor(id, change(this.#parse(current)))));
      const updated = await client.query<Row>(timed(this.#update, [...values]));
      const record = ours(() => this.#parse(updated.rows[0] as Row));
      await client.query(timed('COMMIT'));
      return record;
    });
  }

  /**
   * Stores the claim's key with no record yet, or answers what its earlier use did: another request's key is reused,
   * the same request's is replayed with its record as it is now. Undefined when the create goes on: the key is new,
   * expired (removed first), or its record is gone (its table emptied outside the service).
   */
  async #claim(client: pg.PoolClient, { scope, key, fingerprint }: IdempotencyClaim): Promise<CreateResult<R> | undefined> {
    const table = this.table.name;
    await client.query(timed(FORGET_EXPIRED_KEYS, [table, IDEMPOTENCY_KEY_HOURS]));
    if ((await client.query(timed(CLAIM_KEY, [table, scope, key, fingerprint]))).rowCount === 1) return undefined;
    const stored = (await client.query<{ fingerprint: string; record_id: string | null }>(timed(STORED_KEY, [table, scope, key]))).rows[0];
    if (stored === undefined) throw new NotTheDatabase(new Error(`the Idempotency-Key in conflict in table ${table} is not there`));
    if (stored.fingerprint !== fingerprint) return { kind: 'key_reused' };
    if (stored.record_id === null) return undefined;
    const { rows } = await client.query<Row>(timed(this.#byId, [stored.record_id]));
    return rows[0] === undefined ? undefined : { kind: 'replayed', record: ours(() => this.#parse(rows[0] as Row)) };
  }

  /**
   * Runs `work`, which ends its transaction, between BEGIN and a connection handed back as `withConnection` does. What
   * code of ours threw rolls back and comes out unwrapped, the connection kept (a refused record is no reason to
   * reconnect); a database failure ends the connection, an outage as DependencyUnavailableError.
   */
  async #transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const outcome = await unlessUnavailable(() =>
      withConnection(this.pool, async (client): Promise<Outcome<T>> => {
        await client.query(timed('BEGIN'));
        try {
          return { answer: await work(client) };
        } catch (error) {
          if (!(error instanceof NotTheDatabase)) throw error;
          await client.query(timed('ROLLBACK'));
          return { thrown: error };
        }
      }),
    );
    if ('thrown' in outcome) throw outcome.thrown.error;
    return outcome.answer;
  }

  /** The record a maker gave for `id`; another id is a bug of the maker. */
  #madeFor(id: number, record: R): R {
    const made = (record as { readonly id?: unknown }).id;
    if (made !== id) throw new Error(`a record made for id ${id} of table ${this.table.name} has id ${String(made)}`);
    return record;
  }

  /** The record of a row, as the repository reads it: parsed by the domain, frozen. */
  #parse(row: Row): R {
    let record: R;
    try {
      record = this.table.parseRow(row, this.today());
    } catch (error) {
      throw new StoredRecordError(this.table.name, row['id'], error as InvalidRecordError);
    }
    return Object.freeze(record);
  }
}
