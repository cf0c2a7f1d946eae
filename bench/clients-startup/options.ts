import { aboutSeconds, parseCommandLine, whole, type Command, type RawValues } from '../harness/command-line.js';

/** How the start-up with many clients is measured. */
export interface ClientsStartupOptions {
  /** Client counts measured, beside 0, smallest first. */
  readonly clients: readonly number[];
  /** Starts of each configuration; medians over them. */
  readonly repetitions: number;
}

const DEFAULTS: ClientsStartupOptions = { clients: [50_000, 100_000], repetitions: 3 };

function read(values: RawValues): ClientsStartupOptions {
  const text = (name: string): string | undefined => values[name] as string | undefined;
  const clients = text('clients');
  const repetitions = text('repetitions');
  return {
    clients: clients === undefined ? DEFAULTS.clients : [...new Set(clients.split(',').map((part) => whole('clients', part)))].sort((a, b) => a - b),
    repetitions: repetitions === undefined ? DEFAULTS.repetitions : whole('repetitions', repetitions),
  };
}

/** Seconds one start and its readings take, with so many clients (a file of 10^5 is parsed in about a second). */
const startSeconds = (clients: number): number => 2 + clients / 100_000;

/** How long a run takes: each configuration started `repetitions` times, and with PostgreSQL a database per count. */
export function clientsStartupSeconds(options: ClientsStartupOptions, withPostgres: boolean): number {
  const counts = [0, ...options.clients];
  const memory = counts.reduce((sum, count) => sum + options.repetitions * startSeconds(count), 0);
  // With PostgreSQL: a database per count (10^3 dogs loaded), the service started, and openPostgresClients alone in a process.
  const postgres = counts.reduce((sum, count) => sum + 4 + 2 * options.repetitions * startSeconds(count), 0);
  return memory + (withPostgres ? postgres : 0);
}

export const CLIENTS_STARTUP_COMMAND: Command<ClientsStartupOptions> = {
  usage: 'npm run bench:clients -- [--clients=N,...] [--repetitions=N] (--help for all)',
  summary:
    'The service (dist/main.js, 10^3 dogs) started with a CLIENTS_FILE of so many clients and without one: the time to its ' +
    '"listening" line, RSS after start, peak RSS, and the heap used after a full GC. With DATABASE_URL, the same with the ' +
    'clients in PostgreSQL (a database of its own per count), and openPostgresClients alone in a process. Prints a table.',
  options: {
    clients: { type: 'string', value: 'N,...', default: DEFAULTS.clients.join(','), help: 'client counts measured beside none' },
    repetitions: { type: 'string', value: 'N', default: `${DEFAULTS.repetitions}`, help: 'starts of each configuration; medians over them' },
  },
  read,
  runTime: (options) => {
    const withPostgres = (process.env['DATABASE_URL'] ?? '') !== '';
    return `${aboutSeconds(clientsStartupSeconds(options, withPostgres))} with these options${withPostgres ? ', PostgreSQL included' : ' (PostgreSQL skipped: DATABASE_URL is not set)'}`;
  },
};

/** The options from command-line arguments; throws UsageError on an unknown or malformed one. */
export function parseClientsStartupOptions(args: readonly string[]): ClientsStartupOptions {
  return parseCommandLine(CLIENTS_STARTUP_COMMAND, args).options;
}
