import { RECORD_COLLECTIONS } from '../../domain/api-history/bundle.js';
import type { CalendarDate } from '../../domain/records/calendar-date.js';
import { quoteShortened } from '../../domain/errors/quote-shortened.js';
import type { InvalidRecordError } from '../../domain/records/invalid-record-error.js';
import type { LoadedRecords } from '../persistence/loaded-records.js';
import { readJsonFile } from './json-file.js';
import { SAMPLE_DATA } from '../persistence/sample-data.js';
import { StartupError } from '../../application/errors/startup-error.js';

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

/** Records from parsed JSON of the form {"dogs": [...], "cats": [...]}, a key per collection; the first wrong record is named. */
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
  return Object.fromEntries(
    RECORD_COLLECTIONS.map(({ name, parse }) => [name, parseCollection(source, name, data[name], (input) => parse(input, today))]),
  ) as unknown as LoadedRecords;
}

function parseCollection<R extends { readonly id: number }>(
  source: string,
  name: string,
  input: unknown,
  parse: (input: unknown) => R,
): readonly R[] {
  if (input === undefined) return [];
  if (!Array.isArray(input)) throw new StartupError(`${source}: "${name}" must be an array of records`);
  const seen = new Map<number, number>();
  return input.map((item: unknown, index) => {
    const where = `${source}: ${name}[${index}]`;
    let record: R;
    try {
      record = parse(item);
    } catch (error) {
      throw new StartupError(`${where}${describeId(item)}: ${(error as InvalidRecordError).message}`);
    }
    const first = seen.get(record.id);
    if (first !== undefined) throw new StartupError(`${where}: id ${record.id} is already used by ${name}[${first}]`);
    seen.set(record.id, index);
    return record;
  });
}

function describeId(item: unknown): string {
  const id = typeof item === 'object' && item !== null ? (item as { id?: unknown }).id : undefined;
  return typeof id === 'number' ? ` (id ${id})` : '';
}
