import 'reflect-metadata';
import { hashApiKey, issueApiKey } from './adapters/identity/api-key.js';
import { FixedClock } from './adapters/clock/fixed-clock.js';
import { SystemClock } from './adapters/clock/system-clock.js';
import { readSettings, type Environment, type Settings } from './adapters/config/settings.js';
import { readClientsFile, writeClientsFile } from './adapters/persistence/memory/clients-file.js';
import { lockForChange } from './adapters/persistence/file-lock.js';
import { InMemoryClientRepository } from './adapters/persistence/memory/in-memory-client-repository.js';
import type { CommandOutput } from './adapters/persistence/postgres/load-into-postgres.js';
import { ClientCommandError, ManageClients } from './application/clients/manage-clients.js';
import { DuplicateClientError } from './application/errors/duplicate-client-error.js';
import { StartupError } from './application/errors/startup-error.js';
import type { ClientRepository } from './application/ports/client-repository.js';
import type { UsageStore } from './application/ports/usage-store.js';
import { REPORT_DAYS, UsageReports } from './application/clients/usage-reports.js';
import type { Clock } from './application/ports/clock.js';
import { VersionStandings } from './application/versioning/version-standings.js';
import { SUPPORTED_VERSIONS } from './domain/api-history/bundle.js';
import { buildReferenceModel } from './domain/api-history/reference-history.js';
import { stateOf, type Client } from './domain/clients/client.js';
import { quoteShortened } from './domain/errors/quote-shortened.js';
import { StartupFailure } from './domain/errors/startup-failure.js';
import { Version } from './domain/versioning/version.js';
import type { VersionModel } from './domain/versioning/version-model.js';

export type { CommandOutput };

/** The clients of the storage the settings choose, open; `close` lets go of it (the database pool). */
export interface OpenedClients {
  readonly repository: ClientRepository;
  /** Where the clients are kept, for the line that reports a change. */
  readonly description: string;
  /** Where the service's request counts are summed; undefined with STORAGE=memory, where they live in the service's process. */
  readonly usage?: UsageStore;
  close(): Promise<void>;
}

/** What the command is about to do: `create` may start a new CLIENTS_FILE, the others need one. */
export interface ClientAccess {
  readonly creating: boolean;
}

/** Opens the clients of the storage the settings choose (STORAGE). */
export type OpenClientRepository = (settings: Settings, access: ClientAccess) => Promise<OpenedClients>;

/** What a test replaces; production replaces nothing. */
export interface ClientsCommandReplacements {
  /** The version model in place of the reference history's. */
  readonly model?: VersionModel;
}

const SYNOPSES = {
  create: 'create NAME [--version V]',
  list: 'list [--json]',
  pin: 'pin NAME V',
  revoke: 'revoke NAME',
  report: 'report [--version V] [--days N] [--json]',
} as const;
type Subcommand = keyof typeof SYNOPSES;
const OPERANDS: Readonly<Record<Subcommand, readonly string[]>> = { create: ['NAME'], list: [], pin: ['NAME', 'V'], revoke: ['NAME'], report: [] };
const OPTIONS: Readonly<Record<Subcommand, readonly string[]>> = {
  create: ['--version'],
  list: ['--json'],
  pin: [],
  revoke: [],
  report: ['--version', '--days', '--json'],
};
/** The longest report: about ten years of days. */
const MAX_REPORT_DAYS = 3650;
const USAGE = `usage: npm run clients -- ${Object.values(SYNOPSES).join(' | ')} (--help says more)`;

export const HELP = `usage: npm run clients -- ${Object.values(SYNOPSES).join(' | ')}

Manages the API clients: who may call the service with an API key, and the version each is pinned to (a request of
theirs that names no version is served at the pin).

create NAME [--version V]   adds a client pinned to V (a version served today, deprecated ones included; default: the
                            newest) and prints its new API key alone on the last line: the key is shown this once
                            only, and only its SHA-256 is stored
list [--json]               every client, revoked ones included: name, pinned_version, previous_version,
                            rollback_until, created_at, revoked_at, last_request_on (the last 30 days; STORAGE=postgres
                            only) (--json: a JSON array); never a key nor its hash
report [--version V] [--days N] [--json]
                            who called which version over the last N days (default 30): client (or anonymous),
                            version, requests, last_request_on, deprecated; deprecated versions first, so that you know
                            whom to tell before a sunset (STORAGE=postgres: the counts of every instance)
pin NAME V                  pins the client to V, older or newer, and closes any rollback it had
revoke NAME                 refuses the client's key from then on; the name stays taken
--help, -h                  print this and exit

A name is 1 to 64 letters, digits, ".", "_" or "-", starting with a letter or digit, and unique.

Settings (environment variables, as the service reads them):
STORAGE                     memory (the default) or postgres: where the clients are kept
CLIENTS_FILE                with STORAGE=memory, the clients' JSON file (required; create starts it). The service
                            reads it when it starts: restart it to apply a change
DATABASE_URL                with STORAGE=postgres, the database (required)
TODAY                       the date that decides which versions are served (default: today, UTC)

It exits 0 once done, 2 with "clients: ..." on stderr for a command it does not know, 1 for any other refusal.`;

/** The exit code of a command line that cannot be read (an unknown subcommand, a missing operand), as POSIX utilities use. */
const USAGE_EXIT_CODE = 2;

interface Request {
  readonly subcommand: Subcommand;
  /** Empty for list. */
  readonly name: string;
  readonly version: string | undefined;
  readonly json: boolean;
  readonly days: number;
}

/**
 * `npm run clients -- create|list|pin|revoke ...`: the operators' commands over the clients of the storage the settings
 * choose, opened by `openRepository`. Resolves with the exit code; a refusal is one line on stderr.
 */
export async function clientsCommand(
  args: readonly string[],
  env: Environment,
  output: CommandOutput,
  openRepository: OpenClientRepository,
  replacements: ClientsCommandReplacements = {},
): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    output.stdout(HELP);
    return 0;
  }
  let request: Request;
  try {
    request = parseRequest(args);
  } catch (error) {
    output.stderr(`clients: ${(error as ClientCommandError).message}`);
    return USAGE_EXIT_CODE;
  }
  try {
    const settings = readSettings(
      env,
      SUPPORTED_VERSIONS.map((version) => Version.parse(version)),
    );
    const model = replacements.model ?? buildReferenceModel(settings);
    const clock = settings.today === undefined ? new SystemClock() : new FixedClock(settings.today);
    const opened = await openRepository(settings, { creating: request.subcommand === 'create' });
    try {
      const standings = new VersionStandings(model);
      const usage = opened.usage === undefined ? undefined : new UsageReports(opened.usage, standings, { pending: () => [] });
      await perform(request, new ManageClients(opened.repository, standings), usage, clock, opened.description, output);
    } finally {
      await opened.close();
    }
    return 0;
  } catch (error) {
    if (!(error instanceof ClientCommandError || error instanceof DuplicateClientError || error instanceof StartupFailure)) throw error;
    output.stderr(`clients: ${error.message}`);
    return 1;
  }
}

/** Does what was asked, over the clients kept `where`, and says it on stdout. */
async function perform(
  { subcommand, name, version, json, days }: Request,
  clients: ManageClients,
  usage: UsageReports | undefined,
  clock: Clock,
  where: string,
  output: CommandOutput,
): Promise<void> {
  switch (subcommand) {
    case 'create': {
      const key = issueApiKey();
      const client = await clients.create(name, hashApiKey(key), version, clock.today(), clock.now());
      output.stdout(`Created client ${JSON.stringify(name)}, pinned to ${client.pinnedVersion}, in ${where}. Its API key, shown this once only:`);
      output.stdout(key);
      return;
    }
    case 'list': {
      const last = await usage?.lastRequestDays(clock.today());
      const listed = (await clients.list()).map((client) => ({ ...listedClient(client), last_request_on: last?.get(client.name) ?? null }));
      output.stdout(json ? JSON.stringify(listed, null, 2) : listed.length === 0 ? `No clients in ${where}.` : table(listed));
      return;
    }
    case 'pin':
      await clients.pin(name, version as string, clock.today());
      output.stdout(`Pinned client ${JSON.stringify(name)} to ${version as string} in ${where}; any rollback it had is closed.`);
      return;
    case 'revoke':
      await clients.revoke(name, clock.now());
      output.stdout(`Revoked client ${JSON.stringify(name)} in ${where}: its key is refused from then on, and the name stays taken.`);
      return;
    case 'report': {
      if (usage === undefined) {
        throw new ClientCommandError(
          'with STORAGE=memory the request counts live in the service process only, for as long as it runs; the report reads them from the database: use STORAGE=postgres',
        );
      }
      const rows = await usage.all(clock.today(), days, version);
      const shown = rows.map((row) => ({ ...row, requests: String(row.requests), deprecated: row.deprecated ? 'yes' : 'no' }));
      output.stdout(json ? JSON.stringify(rows, null, 2) : rows.length === 0 ? `No requests in the last ${days} days in ${where}.` : table(shown));
      return;
    }
  }
}

/** The clients of CLIENTS_FILE (STORAGE=memory), each change written to the file before it is said done. */
export async function openClientsFile(settings: Settings, { creating }: ClientAccess): Promise<OpenedClients> {
  const path = settings.clientsFile;
  if (path === undefined) {
    throw new StartupError(
      'with STORAGE=memory (the default) the clients are kept in CLIENTS_FILE: set CLIENTS_FILE to the path of the ' +
        'clients file (create starts it), or set STORAGE=postgres and DATABASE_URL',
    );
  }
  // Held from the read to the last write: two commands at once must each see the other's change.
  const release = await lockForChange(path, `CLIENTS_FILE ${JSON.stringify(path)}`);
  let clients: Client[];
  try {
    clients = await readClientsFile(path, { missingIsEmpty: creating });
  } catch (error) {
    await release();
    throw error;
  }
  return {
    repository: new InMemoryClientRepository(clients, { persist: (all) => writeClientsFile(path, all) }),
    description: `CLIENTS_FILE ${JSON.stringify(path)} (the service reads it when it starts)`,
    close: release,
  };
}

function parseRequest(args: readonly string[]): Request {
  const [subcommand = '', ...rest] = args;
  if (!Object.hasOwn(SYNOPSES, subcommand)) {
    throw new ClientCommandError(`${subcommand === '' ? 'no subcommand' : `unknown subcommand ${quoteShortened(subcommand)}`}; ${USAGE}`);
  }
  const known = subcommand as Subcommand;
  const usage = (problem: string) => new ClientCommandError(`${problem}; usage: npm run clients -- ${SYNOPSES[known]}`);
  const operands: string[] = [];
  let version: string | undefined;
  let days = REPORT_DAYS;
  let json = false;
  for (let index = 0; index < rest.length; index += 1) {
    const arg = rest[index] as string;
    if (!arg.startsWith('-')) operands.push(arg);
    else if (!OPTIONS[known].includes(arg)) throw usage(`${known} takes no option ${quoteShortened(arg)}`);
    else if (arg === '--json') json = true;
    else if (arg === '--days') {
      index += 1;
      const text = rest[index] ?? '';
      days = Number(text);
      if (!/^[1-9]\d*$/.test(text) || days > MAX_REPORT_DAYS) throw usage(`--days needs a whole number of days from 1 to ${MAX_REPORT_DAYS}`);
    } else {
      index += 1;
      version = rest[index];
      if (version === undefined) throw usage('--version needs a version X.Y.Z');
    }
  }
  const expected = OPERANDS[known];
  if (operands.length < expected.length) throw usage(`${known} needs ${expected.slice(operands.length).join(' and ')}`);
  if (operands.length > expected.length) throw usage(`unexpected ${quoteShortened(operands[expected.length] as string)}`);
  return { subcommand: known, name: operands[0] ?? '', version: operands[1] ?? version, json, days };
}

/** What `list` shows of a client: never its key's hash. */
function listedClient(client: Client): Record<string, string | null> {
  const instant = (at: number | null): string | null => (at === null ? null : new Date(at).toISOString());
  return { ...stateOf(client), created_at: instant(client.createdAt), revoked_at: instant(client.revokedAt) };
}

function table(listed: readonly Readonly<Record<string, string | null>>[]): string {
  const rows = [Object.keys(listed[0] as object), ...listed.map((client) => Object.values(client).map((value) => value ?? '-'))];
  const widths = (rows[0] as string[]).map((_, column) => Math.max(...rows.map((row) => (row[column] as string).length)));
  return rows
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column] as number))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}
