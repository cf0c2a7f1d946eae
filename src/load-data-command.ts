import { parseArgs } from 'node:util';
import { dataFileShape, MAX_NAMED_FAULTS, parseRecords, readRecordsFile } from './adapters/persistence/data-file.js';
import { quoteShortened } from './domain/errors/quote-shortened.js';
import type { Environment } from './adapters/config/settings.js';
import { readServiceSettings } from './composition/service-settings.js';
import { SETTINGS } from './adapters/config/setting-schema.js';
import { loadIntoPostgres, nothingLoaded, type CommandOutput, type LoadTarget } from './adapters/persistence/postgres/load-into-postgres.js';
import type { LoadedRecords } from './adapters/persistence/loaded-records.js';
import type { ApiDefinition } from './api-definition.js';
import { recordTableOf } from './adapters/persistence/postgres/record-table.js';
import { CalendarDate } from './domain/records/calendar-date.js';
import { StartupError } from './domain/errors/startup-error.js';

export type { CommandOutput };

const SAMPLE = '--sample';

const COMMAND = 'npm run load-data --';

/** The collections of an API, as the usage and the help name them: its data file's keys. */
type Collections = ApiDefinition['collections'];

/** What FILE is for the API of `collections`: a list per collection, or nothing when it has none. */
function fileOf(collections: Collections): string {
  if (collections.length === 0) return 'nothing: the API has no collections, so it takes no data';
  return `one JSON file of a list per collection, ${dataFileShape(collections)}`;
}

const usageOf = (command: string, collections: Collections): string =>
  `usage: ${command} FILE | --sample, FILE ${fileOf(collections)} (--help says more)`;

/**
 * The text of `--help`, naming the command as `command`: it needs no API. `collections`: the API's, whose data file it
 * shows; one of any API's when unknown.
 */
export function loadDataHelp(command: string, collections?: Collections): string {
  const file = collections === undefined ? 'one JSON file of a list per collection, by its name: {"<name>": [...], ...}' : fileOf(collections);
  return `usage: STORAGE=postgres DATABASE_URL=postgres://user:password@host:port/database ${command} FILE | --sample

Checks the whole of FILE as the service checks DATA_FILE (every record, before any is written), then writes
every record into the database in one transaction: a record whose id exists replaces it, the others stay.
Nothing is written when a record is wrong; the message names each, on one line (the first ${MAX_NAMED_FAULTS}, then a
count). It creates the tables when missing.

FILE                            ${file}
--sample                        the API's bundled sample instead, which the memory storage serves
--help, -h                      print this and exit

Settings (environment variables, as the service reads them):
STORAGE                         must be postgres (with memory, the service reads DATA_FILE at each start instead)
DATABASE_URL                    the database to load into (required)
DATABASE_CONNECT_TIMEOUT_MS     how long to retry an unreachable database (default ${SETTINGS.DATABASE_CONNECT_TIMEOUT_MS.default})
DATABASE_STATEMENT_TIMEOUT_MS   the longest one statement may run (default ${SETTINGS.DATABASE_STATEMENT_TIMEOUT_MS.default}; 10000 rows per statement)
TODAY                           the date a record without a birthday gets (default: today, UTC)

It takes about 10 s per million records; it exits 0 once loaded, 2 with "Nothing loaded: …" for a command line it
cannot read, 1 with "Nothing loaded: …" otherwise.`;
}

/** The exit code of a command line that cannot be read, as POSIX utilities use. */
const USAGE_EXIT_CODE = 2;

/**
 * `npm run load-data -- FILE`: checks the whole file as DATA_FILE is checked, then writes every record into the
 * database of DATABASE_URL in one transaction (a record whose id exists replaces it). Resolves with the exit code.
 * `api`'s collections are the file's keys and the tables (none: nothing to load, said); `command` is how the usage names the command.
 */
export async function loadDataCommand(
  args: readonly string[],
  env: Environment,
  output: CommandOutput,
  api: ApiDefinition,
  command: string = COMMAND,
): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    output.stdout(loadDataHelp(command, api.collections));
    return 0;
  }
  const file = readFileOperand(args);
  if (typeof file !== 'string') {
    output.stderr(`Nothing loaded: ${file.problem}; ${usageOf(command, api.collections)}`);
    return USAGE_EXIT_CODE;
  }
  // Its operations keep their own data: there would be no table to write.
  if (api.collections.length === 0) return nothingLoaded(output, new StartupError('the API has no collections, so there is no data to load'));
  let records: LoadedRecords;
  let target: LoadTarget;
  try {
    const settings = readServiceSettings(env, api);
    if (settings.storage !== 'postgres') {
      throw new StartupError(
        'load-data writes into a database: set STORAGE=postgres and DATABASE_URL. With STORAGE=memory there is nothing to ' +
          'load into: the service reads DATA_FILE each time it starts.',
      );
    }
    const today = settings.today ?? CalendarDate.utcDateOf(new Date());
    records =
      file === SAMPLE
        ? parseRecords('the bundled sample data', api.sample, today, api.collections)
        : await readRecordsFile(JSON.stringify(file), file, today, api.collections);
    target = {
      url: settings.databaseUrl as string,
      statementTimeoutMs: settings.databaseStatementTimeoutMs,
      connectTimeoutMs: settings.databaseConnectTimeoutMs,
    };
  } catch (error) {
    return nothingLoaded(output, error);
  }
  return loadIntoPostgres(
    records,
    target,
    output,
    api.collections.map((collection) => recordTableOf(collection)),
  );
}

/** FILE, or --sample, the one word of the command line, read by node's parseArgs; what is wrong with it otherwise. */
function readFileOperand(args: readonly string[]): string | { readonly problem: string } {
  // Not strict: an unknown option is named here, in the words of the usage, rather than in node's.
  const { tokens } = parseArgs({ args: [...args], options: { sample: { type: 'boolean' } }, allowPositionals: true, strict: false, tokens: true });
  const [first] = tokens;
  if (first === undefined || (first.kind === 'positional' && first.value === '')) return { problem: 'no FILE' };
  // Options grouped in one word (-ab) are tokens of the same index.
  const extra = tokens.find((token) => token.index > first.index);
  if (extra !== undefined) return { problem: `unexpected ${quoteShortened(args[extra.index] as string)}` };
  const word = args[first.index] as string;
  if (first.kind === 'positional' && !word.startsWith('-')) return word;
  if (first.kind === 'option' && word === SAMPLE) return SAMPLE;
  return { problem: `unknown option ${quoteShortened(word)}` };
}
