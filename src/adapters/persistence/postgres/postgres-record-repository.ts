import type pg from 'pg';
import type { PageRequest } from '../../../application/paging/page-request.js';
import type { RecordRepository } from '../../../application/ports/record-repository.js';
import type { CalendarDate } from '../../../domain/records/calendar-date.js';
import type { InvalidRecordError } from '../../../domain/records/invalid-record-error.js';
import { unlessUnavailable } from './postgres-failures.js';
import type { RecordTable } from './record-table.js';
import { StoredRecordError } from './stored-record-error.js';

/** One collection in a PostgreSQL table: lookups by primary key, pages in SQL, one-query counts. */
export class PostgresRecordRepository<R> implements RecordRepository<R> {
  readonly #selectById: string;
  readonly #selectPage: string;
  readonly #count: string;

  constructor(
    private readonly pool: pg.Pool,
    private readonly table: RecordTable<R>,
    /** Today's date, which the domain's parsers take; a stored dog always has its birthday, so it is never used for one. */
    private readonly today: () => CalendarDate,
  ) {
    const columns = table.columns.join(', ');
    this.#selectById = `SELECT ${columns} FROM ${table.name} WHERE id = $1`;
    this.#selectPage = `SELECT ${columns} FROM ${table.name} ORDER BY id LIMIT $1 OFFSET $2`;
    this.#count = `SELECT count(*) AS total FROM ${table.name}`;
  }

  async findById(id: number): Promise<R | undefined> {
    const { rows } = await unlessUnavailable(() => this.pool.query(this.#selectById, [id]));
    return rows[0] === undefined ? undefined : this.#parse(rows[0]);
  }

  async list(page: PageRequest): Promise<readonly R[]> {
    const { rows } = await unlessUnavailable(() => this.pool.query(this.#selectPage, [page.limit, page.offset]));
    return rows.map((row) => this.#parse(row));
  }

  async count(): Promise<number> {
    const { rows } = await unlessUnavailable(() => this.pool.query<{ total: string }>(this.#count));
    return Number((rows[0] as { total: string }).total);
  }

  #parse(row: Readonly<Record<string, unknown>>): R {
    try {
      return this.table.parseRow(row, this.today());
    } catch (error) {
      throw new StoredRecordError(this.table.name, row['id'], error as InvalidRecordError);
    }
  }
}
