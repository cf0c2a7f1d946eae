import { quoteShortened, shortened } from '../errors/quote-shortened.js';
import { CalendarDate } from './calendar-date.js';
import { InvalidRecordError } from './invalid-record-error.js';

export const NAME_MAX_LENGTH = 50;

export type RawRecord = Readonly<Record<string, unknown>>;

/** The object form of a record, refusing any field it does not know. */
export function recordFields(input: unknown, known: readonly string[]): RawRecord {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new InvalidRecordError(undefined, `must be an object, got ${describeType(input)}`);
  }
  for (const key of Object.keys(input)) {
    if (!known.includes(key)) {
      throw new InvalidRecordError(shortened(key), `unknown field; the fields are ${known.join(', ')}`);
    }
  }
  return input as RawRecord;
}

export function recordId(value: unknown): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
    throw new InvalidRecordError('id', `must be a positive integer, got ${describeValue(value)}`);
  }
  return value;
}

export function recordName(value: unknown): string {
  if (typeof value !== 'string') {
    throw new InvalidRecordError('name', `must be a string, got ${describeType(value)}`);
  }
  const length = [...value].length;
  if (length < 1 || length > NAME_MAX_LENGTH) {
    throw new InvalidRecordError('name', `must be 1 to ${NAME_MAX_LENGTH} characters, got ${length}`);
  }
  return value;
}

export function recordDate(field: string, value: unknown): CalendarDate {
  const date = typeof value === 'string' ? CalendarDate.parse(value) : undefined;
  if (date === undefined) {
    throw new InvalidRecordError(field, `must be a real calendar date YYYY-MM-DD, got ${describeValue(value)}`);
  }
  return date;
}

function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

function describeValue(value: unknown): string {
  if (typeof value === 'string') return quoteShortened(value);
  if (typeof value === 'number') return String(value);
  return describeType(value);
}
