import { parseArgs } from 'node:util';
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
import { InMemoryUsageStore } from './adapters/persistence/memory/in-memory-usage-store.js';
import type { ClientRepository } from './application/ports/client-repository.js';
import type { UsageStore } from './application/ports/usage-store.js';
import { REPORT_DAYS, UsageReports } from './application/clients/usage-reports.js';
import type { Clock } from './application/ports/clock.js';
import type { ApiDefinition } from './api-definition.js';
import { stateOf, type Client } from './domain/clients/client.js';
import { quoteShortened } from './domain/errors/quote-shortened.js';
import { Version } from './domain/versioning/version.js';
import type { VersionModel } from './domain/versioning/version-model.js';
import { StartupError } from './domain/errors/startup-error.js';
import { InvalidUpgradeTargetError } from './application/errors/refusals.js';
import { clientPaths, type Endpoints } from './adapters/http/routing/endpoints.js';

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

/** What a caller may choose beside the API: how the usage names the command, and, in a test, the model. */
export interface ClientsCommandReplacements {
  /** The version model in place of the one the API's settings build. */
  readonly model?: VersionModel;
  /** The command as its usage names it; `npm run clients --` when absent. */
  readonly command?: string;
}

const SYNOPSES = {
  create: 'create NAME [--version V]',
  list: 'list [--json]',
  pin: 'pin NAME V',
  revoke: 'revoke NAME',
  report: 'report [--version V] [--days N] [--json]',
  upgrade: 'upgrade NAME --to V [--json]',
} as const;
type Subcommand = keyof typeof SYNOPSES;
const OPERANDS: Readonly<Record<Subcommand, readonly string[]>> = {
  create: ['NAME'],
  list: [],
  pin: ['NAME', 'V'],
  revoke: ['NAME'],
  report: [],
  upgrade: ['NAME'],
};
/** Every option, for node's parseArgs; which subcommand takes which is OPTIONS'. */
const OPTION_TYPES = {
  version: { type: 'string' },
  days: { type: 'string' },
  to: { type: 'string' },
  json: { type: 'boolean' },
} as const;
type Option = keyof typeof OPTION_TYPES;
const OPTIONS: Readonly<Record<Subcommand, readonly Option[]>> = {
  create: ['version'],
  list: ['json'],
  pin: [],
  revoke: [],
  report: ['version', 'days', 'json'],
  upgrade: ['to', 'json'],
};
/** The longest report: about ten years of days. */
const MAX_REPORT_DAYS = 3650;
const COMMAND = 'npm run clients --';

/**
 * The text of `--help`, naming the command as `command`: it needs no API. `clients`: where the API serves a client's
 * self-service (false: left out), whose upgrade report it names; none named when unknown.
 */
export function clientsHelp(command: string, clients?: Endpoints['clients']): string {
  const withMemory =
    clients === undefined
      ? "the service's own upgrade report gives them with memory"
      : clients === false
        ? "with memory, only the service's process has them, and the API serves no upgrade report"
        : `the service's GET ${clientPaths(clients).upgrade}?to=V gives them with memory`;
  return `usage: ${command} ${Object.values(SYNOPSES).join(' | ')}

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
upgrade NAME --to V [--json]
                            what moving the client's pin to V would change for it: every change after its pin up to
                            V, oldest first, the operations each reaches, and the client's calls of them in the last
                            30 days (STORAGE=postgres; ${withMemory})
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
}

/** The exit code of a command line that cannot be read (an unknown subcommand, a missing operand), as POSIX utilities use. */
const USAGE_EXIT_CODE = 2;

interface Request {
  readonly subcommand: Subcommand;
  /** Empty for list. */
  readonly name: string;
  readonly version: string | undefined;
  readonly json: boolean;
  readonly days: number;
  /** upgrade's target. */
  readonly to: string;
}

/**
 * `npm run clients -- create|list|pin|revoke ...`: the operators' commands over the clients of `api`, in the storage the
 * settings choose, opened by `openRepository`. Resolves with the exit code; a refusal is one line on stderr.
 */
export async function clientsCommand(
  args: readonly string[],
  env: Environment,
  output: CommandOutput,
  openRepository: OpenClientRepository,
  api: ApiDefinition,
  replacements: ClientsCommandReplacements = {},
): Promise<number> {
  const command = replacements.command ?? COMMAND;
  if (args.includes('--help') || args.includes('-h')) {
    output.stdout(clientsHelp(command, api.endpoints.clients));
    return 0;
  }
  let request: Request;
  try {
    request = parseRequest(args, command);
  } catch (error) {
    output.stderr(`clients: ${(error as ClientCommandError).message}`);
    return USAGE_EXIT_CODE;
  }
  try {
    const settings = readSettings(
      env,
      api.versions.map((version) => Version.parse(version)),
      api.settings,
    );
    const model = replacements.model ?? api.model(settings);
    const clock = settings.today === undefined ? new SystemClock() : new FixedClock(settings.today);
    const opened = await openRepository(settings, { creating: request.subcommand === 'create' });
    try {
      const standings = model;
      const usage = opened.usage === undefined ? undefined : new UsageReports(opened.usage, standings, { pending: () => [] });
      const clients = new ManageClients(opened.repository, standings);
      if (request.subcommand === 'upgrade') await upgrade(request, clients, { api, model, clock, opened }, output);
      else await perform(request, clients, usage, clock, opened.description, output);
    } finally {
      await opened.close();
    }
    return 0;
  } catch (error) {
    if (!(error instanceof ClientCommandError || error instanceof DuplicateClientError || error instanceof StartupError)) throw error;
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

/** What the report of an upgrade is made from. */
interface UpgradeSources {
  readonly api: ApiDefinition;
  readonly model: VersionModel;
  readonly clock: Clock;
  readonly opened: OpenedClients;
}

/** `upgrade NAME --to V`: the service's `GET /client/upgrade?to=V` for that client, as a table or its JSON. */
async function upgrade({ name, to, json }: Request, clients: ManageClients, { api, model, clock, opened }: UpgradeSources, output: CommandOutput) {
  const client = await clients.active(name);
  // Loaded only for this subcommand: the others need neither the routes nor the documents they are made with.
  const { composeUpgradeReports } = await import('./container.js');
  const { reports, reach } = composeUpgradeReports(model, clock, opened.repository, opened.usage ?? new InMemoryUsageStore(), api);
  const report = await reports.forClient(client, to, clock.today(), reach);
  if (report instanceof InvalidUpgradeTargetError) throw new ClientCommandError(report.message);
  // With STORAGE=memory the counts live in the service's process: unknown here, not zero.
  const counted = opened.usage !== undefined;
  const changes = report.changes.map((change) => ({ ...change, calls: counted ? change.calls : null }));
  if (json) {
    output.stdout(JSON.stringify({ ...report, changes }, null, 2));
    return;
  }
  if (changes.length === 0) {
    output.stdout(`Moving client ${JSON.stringify(name)} from ${report.from} to ${report.to} changes nothing it receives or sends.`);
    return;
  }
  const calls = counted ? `, with its calls of the last ${REPORT_DAYS} days,` : '';
  output.stdout(`Moving client ${JSON.stringify(name)} from ${report.from} to ${report.to} changes${calls} in ${opened.description}:`);
  output.stdout(
    table(
      changes.map(({ version, calls, operations, description }) => ({
        version,
        calls: calls === null ? null : String(calls),
        operations: operations.join(', '),
        change: description,
      })),
    ),
  );
  if (!counted) output.stdout(uncountedNote(api.endpoints.clients, report.to));
}

/** Where the calls of an upgrade's report are, with STORAGE=memory: the upgrade report where the API places it (`clients`), if it serves one. */
function uncountedNote(clients: Endpoints['clients'], to: string): string {
  const only = "With STORAGE=memory the calls are counted in the service's process only";
  if (clients === false)
    return `${only}, and the API serves no upgrade report (its clients' routes are left out): use STORAGE=postgres to count them.`;
  return `${only}: GET ${clientPaths(clients).upgrade}?to=${to} with the client's key gives them.`;
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

function parseRequest(args: readonly string[], command: string): Request {
  const [subcommand = '', ...rest] = args;
  if (!Object.hasOwn(SYNOPSES, subcommand)) {
    const problem = subcommand === '' ? 'no subcommand' : `unknown subcommand ${quoteShortened(subcommand)}`;
    throw new ClientCommandError(`${problem}; usage: ${command} ${Object.values(SYNOPSES).join(' | ')} (--help says more)`);
  }
  const known = subcommand as Subcommand;
  const usage = (problem: string) => new ClientCommandError(`${problem}; usage: ${command} ${SYNOPSES[known]}`);
  // Not strict: an option of another subcommand, or one without its value, is named here rather than in node's words.
  const { tokens } = parseArgs({ args: [...rest], options: OPTION_TYPES, allowPositionals: true, strict: false, tokens: true });
  const operands: string[] = [];
  const values: { [O in Option]?: string } = {};
  for (const token of tokens) {
    if (token.kind === 'positional') operands.push(token.value);
    else if (token.kind === 'option') {
      if (!(OPTIONS[known] as readonly string[]).includes(token.name)) throw usage(`${known} takes no option ${quoteShortened(token.rawName)}`);
      values[token.name as Option] = token.value ?? '';
    }
  }
  const expected = OPERANDS[known];
  if (operands.length < expected.length) throw usage(`${known} needs ${expected.slice(operands.length).join(' and ')}`);
  if (operands.length > expected.length) throw usage(`unexpected ${quoteShortened(operands[expected.length] as string)}`);
  if (values.version === '') throw usage('--version needs a version X.Y.Z');
  if (known === 'upgrade' && (values.to ?? '') === '') throw usage('upgrade needs --to V, the version the pin would move to');
  const days = values.days === undefined ? REPORT_DAYS : Number(values.days);
  if (values.days !== undefined && (!/^[1-9]\d*$/.test(values.days) || days > MAX_REPORT_DAYS)) {
    throw usage(`--days needs a whole number of days from 1 to ${MAX_REPORT_DAYS}`);
  }
  return {
    subcommand: known,
    name: operands[0] ?? '',
    version: operands[1] ?? values.version,
    json: 'json' in values,
    days,
    to: values.to ?? '',
  };
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
