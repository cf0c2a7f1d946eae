import { CalendarDate } from '../../../domain/records/calendar-date.js';
import { propertiesOf, requiredOf, type JsonSchema } from '../../../domain/versioning/json-schema.js';
import type { AnyRecordCollection } from '../../../domain/versioning/record-collection.js';

/** How one collection is stored: its table (named as the collection), its columns in order, and how a row becomes a domain record. */
export interface RecordTable<R> {
  readonly name: string;
  /** One record of it, for load-data's report: `dog`. */
  readonly noun: string;
  /** The table, with the record rules as constraints; `IF NOT EXISTS` makes the statement safe to run again. */
  readonly create: string;
  readonly columns: readonly string[];
  /** Each column's PostgreSQL type, in `columns` order: what a value written to it is cast to. */
  readonly types: readonly string[];
  /** PostgreSQL array types for inserting many rows at once with unnest, one per column. */
  readonly arrayTypes: readonly string[];
  /** The record a row holds, validated by the domain. Throws InvalidRecordError. */
  parseRow(row: Readonly<Record<string, unknown>>, today: CalendarDate): R;
  /** The column values of a record, in `columns` order. */
  values(record: R): readonly unknown[];
}

/** A name PostgreSQL takes unquoted, as every table and column here is written. */
const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;
/** The words PostgreSQL 15 reserves, which no table or column may be named unquoted (`pg_get_keywords()`, catcode R and T). */
export const RESERVED_WORDS: ReadonlySet<string> = new Set(
  'all analyse analyze and any array as asc asymmetric authorization binary both case cast check collate collation column concurrently constraint create cross current_catalog current_date current_role current_schema current_time current_timestamp current_user default deferrable desc distinct do else end except false fetch for foreign freeze from full grant group having ilike in initially inner intersect into is isnull join lateral leading left like limit localtime localtimestamp natural not notnull null offset on only or order outer overlaps placing primary references returning right select session_user similar some symmetric table tablesample then to trailing true union unique user using variadic verbose when where window with'.split(
    ' ',
  ),
);

/** Why `name` cannot be written unquoted as a table's or a column's name, or undefined when it can. */
function unfitName(name: string): string | undefined {
  if (!IDENTIFIER.test(name)) return 'must be a lowercase SQL identifier (a-z, 0-9, _)';
  if (RESERVED_WORDS.has(name)) return 'is a word PostgreSQL reserves';
  return undefined;
}

/** One column: its type, and the clause after it (constraints) made from the property's schema. */
interface Column {
  readonly name: string;
  readonly type: string;
  readonly clause: string;
}

/** The day the example's check passes to `parse`: a representation holds every field, so none defaults to it. */
const ANY_DAY = CalendarDate.parse('2000-01-01') as CalendarDate;

/**
 * The table of a collection, made from its newest schema with no SQL of its own: a column per property, typed by the
 * property's schema (an integer a `bigint`, a date string a `date`, a string `text`, a number `double precision`, a
 * boolean `boolean`, anything else `jsonb`), its bounds (`minimum`/`maximum`, `minLength`/`maxLength`) as checks,
 * `NOT NULL` where the property is required, and `id` the primary key. A row is the record's newest representation,
 * and the collection's `parse` reads it back, so a stored record is the record given. Throws, naming the collection,
 * where that cannot hold: a name PostgreSQL would need quoted, no `id` first, or an example that does not come back
 * as itself.
 */
export function recordTableOf<R extends { readonly id: number }>(collection: AnyRecordCollection): RecordTable<R> {
  const { name, head } = collection;
  const fault = (problem: string): Error => new Error(`the collection ${name} cannot be stored in PostgreSQL: ${problem}`);
  const unfitTable = unfitName(name);
  if (unfitTable !== undefined) throw fault(`its name ${unfitTable}`);
  const properties = propertiesOf(head.schema);
  const required = new Set(requiredOf(head.schema));
  const names = Object.keys(properties);
  if (names[0] !== 'id' || required.has('id') === false) throw fault('its schema must have a required id first');
  const columns = names.map((column): Column => {
    const unfit = unfitName(column);
    if (unfit !== undefined) throw fault(`its field ${JSON.stringify(column)} ${unfit}`);
    return columnOf(name, column, properties[column] as JsonSchema, column === 'id' ? 'PRIMARY KEY' : required.has(column) ? 'NOT NULL' : '');
  });
  const integers = columns.filter(({ type }) => type === 'bigint').map((column) => column.name);
  const represent = head.represent as (record: R) => Readonly<Record<string, unknown>>;
  const parse = collection.parse as (input: unknown, today: CalendarDate) => R;
  const table: RecordTable<R> = {
    name,
    noun: head.key.name.toLowerCase(),
    create: `CREATE TABLE IF NOT EXISTS ${name} (\n${columns.map((column) => `    ${[column.name, column.type, column.clause].filter((part) => part !== '').join(' ')}`).join(',\n')}\n  )`,
    columns: names,
    types: columns.map(({ type }) => type),
    arrayTypes: columns.map(({ type }) => `${type}[]`),
    parseRow: (row, today) => {
      const named = { ...row };
      for (const column of integers) if (typeof named[column] === 'string') named[column] = Number(named[column]);
      return parse(named, today);
    },
    values: (record) => {
      const data = represent(record);
      return columns.map(({ name: column, type }) => (type === 'jsonb' && data[column] !== undefined ? JSON.stringify(data[column]) : data[column]));
    },
  };
  if (head.example !== undefined) {
    const stored = JSON.stringify(represent(head.example as R));
    let back: string;
    try {
      back = JSON.stringify(represent(parse(represent(head.example as R), ANY_DAY)));
    } catch (error) {
      throw fault(`its parse refuses its own example's newest representation (${(error as Error).message})`);
    }
    if (back !== stored) throw fault(`its parse reads its example's newest representation back as ${back}, not ${stored}`);
  }
  return table;
}

function columnOf(table: string, name: string, schema: JsonSchema, key: string): Column {
  const check = (condition: string): string => `CONSTRAINT ${table}_${name}_check CHECK (${condition})`;
  const clause = (...parts: string[]): string => [key, ...parts].filter((part) => part !== '').join(' ');
  switch (schema.type) {
    case 'integer': {
      const bounds = range(name, schema.minimum, schema.maximum);
      return { name, type: 'bigint', clause: clause(bounds === undefined ? '' : check(bounds)) };
    }
    case 'string': {
      if (schema.format === 'date') return { name, type: 'date', clause: clause() };
      const bounds = range(`char_length(${name})`, schema.minLength, schema.maxLength);
      return { name, type: 'text', clause: clause(bounds === undefined ? '' : check(bounds)) };
    }
    case 'number':
      return { name, type: 'double precision', clause: clause() };
    case 'boolean':
      return { name, type: 'boolean', clause: clause() };
    default:
      return { name, type: 'jsonb', clause: clause() };
  }
}

/** A check that `value` lies within the bounds given, or none when neither is. */
function range(value: string, low: unknown, high: unknown): string | undefined {
  const hasLow = typeof low === 'number';
  const hasHigh = typeof high === 'number';
  if (hasLow && hasHigh) return `${value} BETWEEN ${low} AND ${high}`;
  if (hasLow) return `${value} >= ${low}`;
  if (hasHigh) return `${value} <= ${high}`;
  return undefined;
}
