import type { Environment, Settings } from './adapters/config/settings.js';
import { clockOf, readServiceSettings } from './composition/service-settings.js';
import { readClientsFile, writeClientsFile } from './adapters/persistence/memory/clients-file.js';
import { lockForChange } from './adapters/persistence/file-lock.js';
import { InMemoryClientRepository } from './adapters/persistence/memory/in-memory-client-repository.js';
import type { CommandOutput } from './adapters/persistence/postgres/load-into-postgres.js';
import { ClientCommandError, ManageClients } from './application/clients/manage-clients.js';
import { DuplicateClientError } from './application/errors/duplicate-client-error.js';
import type { ClientRepository } from './application/ports/client-repository.js';
import type { UsageStore } from './application/ports/usage-store.js';
import { UsageReports } from './application/clients/usage-reports.js';
import type { ApiDefinition } from './api-definition.js';
import { parseRequest, SYNOPSES, type ClientsRequest } from './clients-command-line.js';
import { SUBCOMMANDS } from './clients-subcommands.js';
import { upgrade } from './clients-upgrade.js';
import type { Client } from './domain/clients/client.js';
import type { VersionModel } from './domain/versioning/version-model.js';
import type { AnyRecordCollection } from './domain/versioning/record-collection.js';
import { StartupError } from './domain/errors/startup-error.js';
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

/** Opens the clients of the storage the settings choose (STORAGE), in a database whose schema holds the API's `collections`. */
export type OpenClientRepository = (settings: Settings, access: ClientAccess, collections: readonly AnyRecordCollection[]) => Promise<OpenedClients>;

/** What a caller may choose beside the API: how the usage names the command, and, in a test, the model. */
export interface ClientsCommandReplacements {
  /** The version model in place of the one the API's settings build. */
  readonly model?: VersionModel;
  /** The command as its usage names it; `npm run clients --` when absent. */
  readonly command?: string;
}

/** The command as the usage names it when the caller names none. */
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
  let request: ClientsRequest;
  try {
    request = parseRequest(args, command);
  } catch (error) {
    output.stderr(`clients: ${(error as ClientCommandError).message}`);
    return USAGE_EXIT_CODE;
  }
  try {
    const settings = readServiceSettings(env, api);
    const model = replacements.model ?? api.model(settings);
    const clock = clockOf(settings);
    const opened = await openRepository(settings, { creating: request.subcommand === 'create' }, api.collections);
    try {
      const usage = opened.usage === undefined ? undefined : new UsageReports(opened.usage, model, { pending: () => [] });
      const context = { clients: new ManageClients(opened.repository, model), usage, clock, where: opened.description, output };
      if (request.subcommand === 'upgrade') await upgrade(request, context, { api, model, repository: opened.repository, store: opened.usage });
      else await SUBCOMMANDS[request.subcommand](request, context);
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
