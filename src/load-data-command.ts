import { readRecordsFile } from './adapters/persistence/data-file.js';
import { readSettings, type Environment } from './adapters/config/settings.js';
import { StartupError } from './application/errors/startup-error.js';
import { SUPPORTED_VERSIONS } from './domain/api-history/bundle.js';
import { CalendarDate } from './domain/records/calendar-date.js';
import { Version } from './domain/versioning/version.js';
import { connectPostgres } from './adapters/persistence/postgres/connect-postgres.js';
import { redactedUrl } from './adapters/persistence/postgres/postgres-pool.js';
import { writeRecords } from './adapters/persistence/postgres/postgres-record-writer.js';

export interface CommandOutput {
  readonly stdout: (line: string) => void;
  readonly stderr: (line: string) => void;
}

const counted = (count: number, noun: string): string => `${count} ${noun}${count === 1 ? '' : 's'}`;

const USAGE = 'usage: npm run load-data -- FILE, one JSON file {"dogs": [...], "cats": [...]}';

/**
 * `npm run load-data -- FILE`: checks the whole file as DATA_FILE is checked, then writes every record into the
 * database of DATABASE_URL in one transaction (a record whose id exists replaces it). Resolves with the exit code.
 */
export async function loadDataCommand(args: readonly string[], env: Environment, output: CommandOutput): Promise<number> {
  try {
    const [file, ...extra] = args;
    if (file === undefined || file === '' || extra.length > 0) throw new StartupError(USAGE);
    const settings = readSettings(
      env,
      SUPPORTED_VERSIONS.map((version) => Version.parse(version)),
    );
    if (settings.storage !== 'postgres') {
      throw new StartupError(
        'load-data writes into a database: set STORAGE=postgres and DATABASE_URL. With STORAGE=memory there is nothing to ' +
          'load into: the service reads DATA_FILE each time it starts.',
      );
    }
    const today = settings.today ?? CalendarDate.utcDateOf(new Date());
    const records = await readRecordsFile(JSON.stringify(file), file, today);
    const url = settings.databaseUrl as string;
    const store = await connectPostgres({
      url,
      poolSize: 1,
      statementTimeoutMs: settings.databaseStatementTimeoutMs,
      connectTimeoutMs: settings.databaseConnectTimeoutMs,
      log: output.stderr,
    });
    try {
      await writeRecords(store.pool, records);
    } finally {
      await store.close();
    }
    output.stdout(`Loaded ${counted(records.dogs.length, 'dog')} and ${counted(records.cats.length, 'cat')} into ${redactedUrl(url)}.`);
    return 0;
  } catch (error) {
    output.stderr(`Nothing loaded: ${(error as Error).message}`);
    return 1;
  }
}
