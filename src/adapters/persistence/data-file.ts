import { RECORD_COLLECTIONS } from '../../domain/api-history/bundle.js';
import type { CalendarDate } from '../../domain/records/calendar-date.js';
import { quoteShortened } from '../../domain/errors/quote-shortened.js';
import type { InvalidRecordError } from '../../domain/records/invalid-record-error.js';
import type { LoadedRecords } from '../persistence/loaded-records.js';
import { readJsonFile } from './json-file.js';
import { SAMPLE_DATA } from '../persistence/sample-data.js';
import { StartupError } from '../../domain/errors/startup-error.js';

const NAMES = RECORD_COLLECTIONS.map(({ name }) => name);
const KEYS = new Intl.ListFormat('en', { type: 'conjunction' }).format(NAMES.map((name) => `"${name}"`));
const SHAPE = `{${NAMES.map((name) => `"${name}": [...]`).join(', ')}}`;
/** Node's longest string is about 512 MiB; a larger file could not be parsed anyway. */
export const MAX_DATA_FILE_BYTES = 256 * 1024 * 1024;

/** The records of DATA_FILE (or the bundled sample), validated whole before any is served. */
export async function loadRecords(dataFile: string | undefined, today: CalendarDate): Promise<LoadedRecords> {
  if (dataFile === undefined) return parseRecords('the bundled sample data', SAMPLE_DATA, today);
  return readRecordsFile(`DATA_FILE ${JSON.stringify(dataFile)}`, dataFile, today);
}

/** The records of a data file at `path`, validated whole; messages start with `source`. Throws StartupError. */
export async function readRecordsFile(source: string, path: string, today: CalendarDate): Promise<LoadedRecords> {
  return parseRecords(source, await readJsonFile(source, path, { maxBytes: MAX_DATA_FILE_BYTES, noun: 'a data file' }), today);
}

/** Faulty records named in one refusal at most, a line each; the rest are counted. */
export const MAX_NAMED_FAULTS = 100;

/** Records from parsed JSON of the form {"dogs": [...], "cats": [...]}, a key per collection; every wrong record is named (up to MAX_NAMED_FAULTS), a line each. */
export function parseRecords(source: string, json: unknown, today: CalendarDate): LoadedRecords {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new StartupError(`${source}: must be a JSON object ${SHAPE}`);
  }
  for (const key of Object.keys(json)) {
    if (!(NAMES as readonly string[]).includes(key)) {
      throw new StartupError(`${source}: unknown key ${quoteShortened(key)}; the keys are ${KEYS}`);
    }
  }
  const data = json as Readonly<Record<string, unknown>>;
  const faults: string[] = [];
  let unnamed = 0;
  // Formatted only while named: a file of a million bad records costs no million messages.
  const fault = (describe: () => string): void => {
    if (faults.length < MAX_NAMED_FAULTS) faults.push(`${source}: ${describe()}`);
    else unnamed += 1;
  };
  const records = Object.fromEntries(
    RECORD_COLLECTIONS.map(({ name, parse }) => [name, parseCollection(name, data[name], (input) => parse(input, today), fault)]),
  ) as unknown as LoadedRecords;
  if (unnamed > 0) faults.push(`${source}: and ${unnamed} more wrong records (the first ${MAX_NAMED_FAULTS} are named)`);
  if (faults.length > 0) throw new StartupError(faults.join('\n'));
  return records;
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
