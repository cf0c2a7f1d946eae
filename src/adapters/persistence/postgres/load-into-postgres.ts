import { recordsOf, type LoadedRecords } from '../loaded-records.js';
import { connectPostgres } from './connect-postgres.js';
import { redactedUrl } from './postgres-pool.js';
import { writeRecords } from './postgres-bulk-load.js';
import type { RecordTable } from './record-table.js';

/** Where a command's lines go. */
export interface CommandOutput {
  readonly stdout: (line: string) => void;
  readonly stderr: (line: string) => void;
}

export interface LoadTarget {
  readonly url: string;
  readonly statementTimeoutMs: number;
  readonly connectTimeoutMs: number;
}

const counted = (count: number, noun: string): string => `${count} ${noun}${count === 1 ? '' : 's'}`;
const AND = new Intl.ListFormat('en', { type: 'conjunction' });

/** Says why nothing was loaded; resolves with load-data's exit code for it. */
export function nothingLoaded(output: CommandOutput, error: unknown): number {
  output.stderr(`Nothing loaded: ${(error as Error).message}`);
  return 1;
}

/**
 * The database's part of `npm run load-data`: writes every record into the database at `url` in one transaction (a
 * record whose id exists replaces it), says what it loaded, and resolves with the exit code.
 */
export async function loadIntoPostgres(
  records: LoadedRecords,
  { url, statementTimeoutMs, connectTimeoutMs }: LoadTarget,
  output: CommandOutput,
  tables: readonly RecordTable<{ readonly id: number }>[],
): Promise<number> {
  try {
    const store = await connectPostgres({ url, poolSize: 1, statementTimeoutMs, connectTimeoutMs, log: output.stderr }, tables);
    try {
      await writeRecords(store.pool, records, tables);
    } finally {
      await store.close();
    }
  } catch (error) {
    return nothingLoaded(output, error);
  }
  output.stdout(`Loaded ${AND.format(tables.map((table) => counted(recordsOf(records, table).length, table.noun)))} into ${redactedUrl(url)}.`);
  return 0;
}
