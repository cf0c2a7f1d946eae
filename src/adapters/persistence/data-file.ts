import type { CalendarDate } from '../../domain/records/calendar-date.js';
import type { AnyRecordCollection } from '../../domain/versioning/record-collection.js';
import { quoteShortened } from '../../domain/errors/quote-shortened.js';
import type { InvalidRecordError } from '../../domain/records/invalid-record-error.js';
import type { LoadedCollection, LoadedRecords } from '../persistence/loaded-records.js';
import { readJsonFile } from './json-file.js';
import { StartupError } from '../../domain/errors/startup-error.js';

/** Node's longest string is about 512 MiB; a larger file could not be parsed anyway. */
export const MAX_DATA_FILE_BYTES = 256 * 1024 * 1024;

/** The records of DATA_FILE (or the API's bundled sample) for the API's `collections`, validated whole before any is served. */
export async function loadRecords<C extends LoadedCollection>(
  dataFile: string | undefined,
  today: CalendarDate,
  collections: readonly C[],
  sample: unknown,
): Promise<LoadedRecords<C>> {
  if (dataFile === undefined) return parseRecords('the bundled sample data', sample, today, collections);
  return readRecordsFile(`DATA_FILE ${JSON.stringify(dataFile)}`, dataFile, today, collections);
}

/** The records of a data file at `path`, validated whole; messages start with `source`. Throws StartupError. */
export async function readRecordsFile<C extends LoadedCollection>(
  source: string,
  path: string,
  today: CalendarDate,
  collections: readonly C[],
): Promise<LoadedRecords<C>> {
  return parseRecords(source, await readJsonFile(source, path, { maxBytes: MAX_DATA_FILE_BYTES, noun: 'a data file' }), today, collections);
}

/** What a data file of the collections looks like, a key each: `{"books": [...], "authors": [...]}`. */
export function dataFileShape(collections: readonly Pick<AnyRecordCollection, 'name'>[]): string {
  return `{${collections.map(({ name }) => `"${name}": [...]`).join(', ')}}`;
}

/** Faulty records named in one refusal at most; the rest are counted. */
export const MAX_NAMED_FAULTS = 100;

/**
 * Records from parsed JSON of the form `dataFileShape(collections)`, an array per collection's name; every wrong record
 * is named (up to MAX_NAMED_FAULTS), `; ` between them, in one refusal of one line, as a log line is.
 */
export function parseRecords<C extends LoadedCollection>(
  source: string,
  json: unknown,
  today: CalendarDate,
  collections: readonly C[],
): LoadedRecords<C> {
  const names = collections.map(({ name }) => name);
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw refusal(source, `must be a JSON object ${dataFileShape(collections)}`);
  }
  for (const key of Object.keys(json)) {
    if (!names.includes(key)) {
      const keys = new Intl.ListFormat('en', { type: 'conjunction' }).format(names.map((name) => `"${name}"`));
      throw refusal(source, `unknown key ${quoteShortened(key)}; the keys are ${keys}`);
    }
  }
  const data = json as Readonly<Record<string, unknown>>;
  const faults: string[] = [];
  let unnamed = 0;
  // Formatted only while named: a file of a million bad records costs no million messages.
  const fault = (describe: () => string): void => {
    if (faults.length < MAX_NAMED_FAULTS) faults.push(describe());
    else unnamed += 1;
  };
  const records = Object.fromEntries(
    collections.map(({ name, parse }) => [name, parseCollection(name, data[name], (input) => parse(input, today), fault)]),
  ) as unknown as LoadedRecords<C>;
  if (unnamed > 0) faults.push(`and ${unnamed} more wrong records (the first ${MAX_NAMED_FAULTS} are named)`);
  if (faults.length > 0) throw refusal(source, faults.join('; '));
  return records;
}

/** Line breaks and other control characters, which would split a log line; a record's parse may put any in its message (a key, a value). */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/** The refusal of a data file, on one line: each control character in it written as its `\uXXXX` escape. */
function refusal(source: string, problem: string): StartupError {
  return new StartupError(`${source}: ${problem}`.replace(CONTROL, (control) => `\\u${control.charCodeAt(0).toString(16).padStart(4, '0')}`));
}

function parseCollection<R extends { readonly id: number }>(
  name: string,
  input: unknown,
  parse: (input: unknown) => R,
  fault: (describe: () => string) => void,
): readonly R[] {
  if (input === undefined) return [];
  if (!Array.isArray(input)) {
    fault(() => `"${name}" must be an array of records`);
    return [];
  }
  const seen = new Map<number, number>();
  const records: R[] = [];
  input.forEach((item: unknown, index) => {
    let record: R;
    try {
      record = parse(item);
    } catch (error) {
      fault(() => `${name}[${index}]${describeId(item)}: ${(error as InvalidRecordError).message}`);
      return;
    }
    const first = seen.get(record.id);
    if (first !== undefined) fault(() => `${name}[${index}]: id ${record.id} is already used by ${name}[${first}]`);
    else seen.set(record.id, index);
    records.push(record);
  });
  return records;
}

function describeId(item: unknown): string {
  const id = typeof item === 'object' && item !== null ? (item as { id?: unknown }).id : undefined;
  return typeof id === 'number' ? ` (id ${id})` : '';
}
