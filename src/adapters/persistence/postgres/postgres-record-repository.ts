import type pg from 'pg';
import { GenerationalCache } from '../../caching/generational-cache.js';
import { DEFAULT_CACHE_SIZES } from '../../caching/cache-sizes.js';
import type { PageRequest } from '../../../application/paging/page-request.js';
import type { RecordRepository, RecordSlice } from '../../../application/ports/record-repository.js';
import type { CalendarDate } from '../../../domain/records/calendar-date.js';
import type { InvalidRecordError } from '../../../domain/records/invalid-record-error.js';
import { unlessUnavailable } from './postgres-failures.js';
import { pageStatements, type NamedStatement, type PageStatements } from './page-statements.js';
import type { RecordTable } from './record-table.js';
import { StoredRecordError } from './stored-record-error.js';
import { QUERY_TIMEOUT_MS } from './postgres-pool.js';
import { QueryDeadline } from './query-deadline.js';

/** A row as pg hands it over in array mode: the table's columns in order, then (in a page) the collection's total. */
type Row = readonly unknown[];

interface KnownRow<R> {
  readonly row: Row;
  readonly record: R;
}

/**
 * One collection in a PostgreSQL table: lookups by primary key, pages in SQL (by offset, or keyset for a cursor)
 * with the collection's total from the `row_counts` table the schema's triggers keep, each request one named
 * statement (`page-statements.ts`). A row read again unchanged gives back the very record it gave before (frozen),
 * so the answer cache, which keys on record objects, works as it does in memory.
 */
export class PostgresRecordRepository<R> implements RecordRepository<R> {
  readonly #statements: PageStatements;
  readonly #deadline: QueryDeadline;
  readonly #width: number;
  /** Absent with rememberedRows 0. */
  readonly #known: GenerationalCache<string, KnownRow<R>> | undefined;

  constructor(
    pool: pg.Pool,
    private readonly table: RecordTable<R>,
    /** Today's date, which the domain's parsers take; a stored dog always has its birthday, so it is never used for one. */
    private readonly today: () => CalendarDate,
    /** Rows whose record is kept (fewer than twice this many at once; 0: none). */
    rememberedRows = DEFAULT_CACHE_SIZES.rows,
    queryTimeoutMs = QUERY_TIMEOUT_MS,
  ) {
    this.#deadline = new QueryDeadline(pool, queryTimeoutMs);
    this.#statements = pageStatements(table);
    this.#width = table.columns.length;
    this.#known = rememberedRows > 0 ? new GenerationalCache(rememberedRows) : undefined;
  }

  async findById(id: number): Promise<R | undefined> {
    const rows = await this.#query(this.#statements.byId, [id]);
    return rows[0] === undefined ? undefined : this.#record(rows[0]);
  }

  async list(page: PageRequest): Promise<RecordSlice<R>> {
    const { limit, offset, cursor } = page;
    const { page: byOffset, after, before: beforeCursor } = this.#statements;
    const [statement, values] =
      cursor === undefined ? [byOffset, [limit + 1, offset]] : [cursor.side === 'after' ? after : beforeCursor, [cursor.id, limit + 1]];
    const { rows, total } = await this.#page(statement, values);
    let start: number;
    let end: number;
    if (cursor === undefined) {
      [start, end] = [0, Math.min(limit, rows.length)];
    } else if (cursor.side === 'after') {
      start = rows.length > 0 && idOf(rows[0] as Row) <= cursor.id ? 1 : 0;
      end = Math.min(start + limit, rows.length);
    } else {
      end = rows.length > 0 && idOf(rows[rows.length - 1] as Row) >= cursor.id ? rows.length - 1 : rows.length;
      start = Math.max(0, end - limit);
    }
    const records = new Array<R>(end - start);
    for (let index = start; index < end; index += 1) records[index - start] = this.#record(rows[index] as Row);
    const some = records.length > 0;
    const before = cursor === undefined ? offset > 0 : start > 0;
    return { records, before: some && before, after: some && end < rows.length, total };
  }

  async #query(statement: NamedStatement, values: unknown[]): Promise<readonly Row[]> {
    const config: pg.QueryArrayConfig = { name: statement.name, text: statement.text, values, rowMode: 'array' };
    const { rows } = await unlessUnavailable(() => this.#deadline.query<unknown[]>(config));
    return rows;
  }

  /** A page's rows and the collection's total, which every row carries after its columns; an empty page is one row with no record (its id null). */
  async #page(statement: NamedStatement, values: unknown[]): Promise<{ rows: readonly Row[]; total: number }> {
    const rows = await this.#query(statement, values);
    const first = rows[0] as Row;
    return { rows: first[0] === null ? [] : rows, total: Number(first[this.#width]) };
  }

  /** The record of a row: the one given before when the row holds the same values, else parsed and remembered. */
  #record(row: Row): R {
    if (this.#known === undefined) return this.#parse(row);
    const id = row[0] as string;
    const known = this.#known.get(id);
    if (known !== undefined && this.#sameValues(known.row, row)) return known.record;
    const record = this.#parse(row);
    if (Object.isFrozen(record)) this.#known.set(id, { row, record });
    return record;
  }

  #sameValues(known: Row, row: Row): boolean {
    for (let column = 0; column < this.#width; column += 1) if (known[column] !== row[column]) return false;
    return true;
  }

  #parse(row: Row): R {
    const named: Record<string, unknown> = {};
    this.table.columns.forEach((column, index) => (named[column] = row[index]));
    try {
      return this.table.parseRow(named, this.today());
    } catch (error) {
      throw new StoredRecordError(this.table.name, row[0], error as InvalidRecordError);
    }
  }
}

/** `id` is a bigint, which pg hands over as text. */
const idOf = (row: Row): number => Number(row[0]);
