import { CATS } from '../../../domain/api-history/heads/cat-resource.js';
import { DOGS } from '../../../domain/api-history/heads/dog-resource.js';
import type { Cat } from '../../../domain/cats/cat.js';
import type { Dog } from '../../../domain/dogs/dog.js';
import type { CalendarDate } from '../../../domain/records/calendar-date.js';
import type { RecordCollection } from '../../../domain/versioning/record-collection.js';

const MAX_SAFE_ID = Number.MAX_SAFE_INTEGER;

/** How one collection is stored: its table (named as the collection), its columns in order, and how a row becomes a domain record. */
export interface RecordTable<R> {
  readonly name: string;
  /** One record of it, for load-data's report: `dog`. */
  readonly noun: string;
  /** The table, with the record rules as constraints; `IF NOT EXISTS` makes the statement safe to run again. */
  readonly create: string;
  readonly columns: readonly string[];
  /** PostgreSQL array types for inserting many rows at once with unnest, one per column. */
  readonly arrayTypes: readonly string[];
  /** The record a row holds, validated by the domain. Throws InvalidRecordError. */
  parseRow(row: Readonly<Record<string, unknown>>, today: CalendarDate): R;
  /** The column values of a record, in `columns` order. */
  values(record: R): readonly unknown[];
}

/** `id` is a bigint, which pg hands over as text; it becomes a number for the domain to check (one past 2^53 fails there). */
const idOf = (row: Readonly<Record<string, unknown>>): number => Number(row['id']);

/** The table of a collection: its rows parsed as the collection parses a record. */
function tableOf<R extends { readonly id: number }>(
  collection: RecordCollection<R>,
  table: Omit<RecordTable<R>, 'name' | 'parseRow'>,
): RecordTable<R> {
  return { name: collection.name, ...table, parseRow: (row, today) => collection.parse({ ...row, id: idOf(row) }, today) };
}

export const DOG_TABLE: RecordTable<Dog> = tableOf(DOGS, {
  noun: 'dog',
  create: `CREATE TABLE IF NOT EXISTS dogs (
    id bigint PRIMARY KEY CONSTRAINT dogs_id_check CHECK (id BETWEEN 1 AND ${MAX_SAFE_ID}),
    name text NOT NULL CONSTRAINT dogs_name_check CHECK (char_length(name) BETWEEN 1 AND 50),
    birthday date NOT NULL
  )`,
  columns: ['id', 'name', 'birthday'],
  arrayTypes: ['bigint[]', 'text[]', 'date[]'],
  values: (dog) => [dog.id, dog.name, dog.birthday.toString()],
});

export const CAT_TABLE: RecordTable<Cat> = tableOf(CATS, {
  noun: 'cat',
  create: `CREATE TABLE IF NOT EXISTS cats (
    id bigint PRIMARY KEY CONSTRAINT cats_id_check CHECK (id BETWEEN 1 AND ${MAX_SAFE_ID}),
    name text NOT NULL CONSTRAINT cats_name_check CHECK (char_length(name) BETWEEN 1 AND 50)
  )`,
  columns: ['id', 'name'],
  arrayTypes: ['bigint[]', 'text[]'],
  values: (cat) => [cat.id, cat.name],
});

/** Every collection's table, in the bundle's order of collections. */
export const RECORD_TABLES: readonly RecordTable<{ readonly id: number }>[] = [DOG_TABLE, CAT_TABLE];

/** The table of a collection; a collection without one is a mistake in the code, named at start. */
export function recordTableOf(collection: { readonly name: string }): RecordTable<{ readonly id: number }> {
  const table = RECORD_TABLES.find(({ name }) => name === collection.name);
  if (table === undefined) throw new Error(`no PostgreSQL table is declared for the collection ${collection.name}; add it to RECORD_TABLES`);
  return table;
}
