import { parseCat, type Cat } from '../../../domain/cats/cat.js';
import { parseDog, type Dog } from '../../../domain/dogs/dog.js';
import type { CalendarDate } from '../../../domain/records/calendar-date.js';

/** How one collection is stored: its table, its columns in order, and how a row becomes a domain record. */
export interface RecordTable<R> {
  readonly name: string;
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

export const DOG_TABLE: RecordTable<Dog> = {
  name: 'dogs',
  columns: ['id', 'name', 'birthday'],
  arrayTypes: ['bigint[]', 'text[]', 'date[]'],
  parseRow: (row, today) => parseDog({ ...row, id: idOf(row) }, today),
  values: (dog) => [dog.id, dog.name, dog.birthday.toString()],
};

export const CAT_TABLE: RecordTable<Cat> = {
  name: 'cats',
  columns: ['id', 'name'],
  arrayTypes: ['bigint[]', 'text[]'],
  parseRow: (row) => parseCat({ ...row, id: idOf(row) }),
  values: (cat) => [cat.id, cat.name],
};
