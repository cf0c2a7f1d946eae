import type pg from 'pg';
import { GenerationalCache } from '../../../application/caching/generational-cache.js';
import type { PageRequest } from '../../../application/paging/page-request.js';
import type { RecordRepository, RecordSlice } from '../../../application/ports/record-repository.js';
import type { CalendarDate } from '../../../domain/records/calendar-date.js';
import type { InvalidRecordError } from '../../../domain/records/invalid-record-error.js';
import { unlessUnavailable } from './postgres-failures.js';
import type { RecordTable } from './record-table.js';
import { StoredRecordError } from './stored-record-error.js';

/** Rows whose record is kept per collection (fewer than twice this many at once). */
export const REMEMBERED_ROWS = 20_000;

type Row = Readonly<Record<string, unknown>>;

interface KnownRow<R> {
  readonly row: Row;
  readonly record: R;
}

/**
 * One collection in a PostgreSQL table: lookups by primary key, pages in SQL (by offset, or keyset for a cursor),
 * counts from the `row_counts` table the schema's triggers keep. A row read again unchanged gives back the very
 * record it gave before (frozen), so the caches above that key on record objects work as they do in memory.
 */
export class PostgresRecordRepository<R> implements RecordRepository<R> {
  readonly #selectById: string;
  readonly #selectPage: string;
  readonly #selectAfter: string;
  readonly #selectBefore: string;
  readonly #count: string;
  readonly #known: GenerationalCache<string, KnownRow<R>>;

  constructor(
    private readonly pool: pg.Pool,
    private readonly table: RecordTable<R>,
    /** Today's date, which the domain's parsers take; a stored dog always has its birthday, so it is never used for one. */
    private readonly today: () => CalendarDate,
    rememberedRows = REMEMBERED_ROWS,
  ) {
    const { name } = table;
    const columns = table.columns.join(', ');
    this.#selectById = `SELECT ${columns} FROM ${name} WHERE id = $1`;
    this.#selectPage = `SELECT ${columns} FROM ${name} ORDER BY id LIMIT $1 OFFSET $2`;
    // A cursor's page, one row more on its side, and the nearest row on the other side: whether records lie either way.
    this.#selectAfter =
      `SELECT ${columns} FROM ((SELECT ${columns} FROM ${name} WHERE id <= $1 ORDER BY id DESC LIMIT 1) ` +
      `UNION ALL (SELECT ${columns} FROM ${name} WHERE id > $1 ORDER BY id LIMIT $2)) AS slice ORDER BY id`;
    this.#selectBefore =
      `SELECT ${columns} FROM ((SELECT ${columns} FROM ${name} WHERE id >= $1 ORDER BY id LIMIT 1) ` +
      `UNION ALL (SELECT ${columns} FROM ${name} WHERE id < $1 ORDER BY id DESC LIMIT $2)) AS slice ORDER BY id`;
    this.#count = `SELECT coalesce((SELECT total FROM row_counts WHERE table_name = '${name}'), (SELECT count(*) FROM ${name})) AS total`;
    this.#known = new GenerationalCache(rememberedRows);
  }

  async findById(id: number): Promise<R | undefined> {
    const { rows } = await unlessUnavailable(() => this.pool.query<Row>(this.#selectById, [id]));
    return rows[0] === undefined ? undefined : this.#record(rows[0]);
  }

  async list(page: PageRequest): Promise<RecordSlice<R>> {
    const { limit, offset, cursor } = page;
    let rows: readonly Row[];
    let start: number;
    let end: number;
    if (cursor === undefined) {
      ({ rows } = await unlessUnavailable(() => this.pool.query(this.#selectPage, [limit + 1, offset])));
      [start, end] = [0, Math.min(limit, rows.length)];
    } else if (cursor.side === 'after') {
      ({ rows } = await unlessUnavailable(() => this.pool.query(this.#selectAfter, [cursor.id, limit + 1])));
      start = rows.length > 0 && idOf(rows[0] as Row) <= cursor.id ? 1 : 0;
      end = Math.min(start + limit, rows.length);
    } else {
      ({ rows } = await unlessUnavailable(() => this.pool.query(this.#selectBefore, [cursor.id, limit + 1])));
      end = rows.length > 0 && idOf(rows[rows.length - 1] as Row) >= cursor.id ? rows.length - 1 : rows.length;
      start = Math.max(0, end - limit);
    }
    const records = new Array<R>(end - start);
    for (let index = start; index < end; index += 1) records[index - start] = this.#record(rows[index] as Row);
    const some = records.length > 0;
    const before = cursor === undefined ? offset > 0 : start > 0;
    return { records, before: some && before, after: some && end < rows.length };
  }

  async count(): Promise<number> {
    const { rows } = await unlessUnavailable(() => this.pool.query<{ total: string }>(this.#count));
    return Number((rows[0] as { total: string }).total);
  }

  /** The record of a row: the one given before when the row holds the same values, else parsed and remembered. */
  #record(row: Row): R {
    const id = row['id'] as string;
    const known = this.#known.get(id);
    if (known !== undefined && this.table.columns.every((column) => known.row[column] === row[column])) return known.record;
    const record = this.#parse(row);
    if (Object.isFrozen(record)) this.#known.set(id, { row, record });
    return record;
  }

  #parse(row: Row): R {
    try {
      return this.table.parseRow(row, this.today());
    } catch (error) {
      throw new StoredRecordError(this.table.name, row['id'], error as InvalidRecordError);
    }
  }
}

/** `id` is a bigint, which pg hands over as text. */
const idOf = (row: Row): number => Number(row['id']);
