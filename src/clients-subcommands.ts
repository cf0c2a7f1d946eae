import { hashApiKey, issueApiKey } from './adapters/identity/api-key.js';
import type { CommandOutput } from './adapters/persistence/postgres/load-into-postgres.js';
import { ClientCommandError, type ManageClients } from './application/clients/manage-clients.js';
import type { UsageReports } from './application/clients/usage-reports.js';
import type { Clock } from './application/ports/clock.js';
import type { ClientsRequest, Subcommand } from './clients-command-line.js';
import { listedClient, table } from './clients-table.js';

/** What a subcommand works with besides its command line; it says what it did on `output`. */
export interface SubcommandContext {
  readonly clients: ManageClients;
  /** The request counts' reports; undefined with STORAGE=memory, where the counts live in the service's process. */
  readonly usage: UsageReports | undefined;
  readonly clock: Clock;
  /** Where the clients are kept, for the line that reports a change. */
  readonly where: string;
  readonly output: CommandOutput;
}

type Action = (request: ClientsRequest, context: SubcommandContext) => Promise<void>;

/** `create NAME [--version V]`: prints the new key alone on the last line, the only time it is shown. */
const create: Action = async ({ name, version }, { clients, clock, where, output }) => {
  const key = issueApiKey();
  const client = await clients.create(name, hashApiKey(key), version, clock.today(), clock.now());
  output.stdout(`Created client ${JSON.stringify(name)}, pinned to ${client.pinnedVersion}, in ${where}. Its API key, shown this once only:`);
  output.stdout(key);
};

/** `list [--json]`: every client, with its last request's day when the counts are at hand. */
const list: Action = async ({ json }, { clients, usage, clock, where, output }) => {
  const last = await usage?.lastRequestDays(clock.today());
  const listed = (await clients.list()).map((client) => ({ ...listedClient(client), last_request_on: last?.get(client.name) ?? null }));
  output.stdout(json ? JSON.stringify(listed, null, 2) : listed.length === 0 ? `No clients in ${where}.` : table(listed));
};

/** `pin NAME V`. */
const pin: Action = async ({ name, version }, { clients, clock, where, output }) => {
  await clients.pin(name, version as string, clock.today());
  output.stdout(`Pinned client ${JSON.stringify(name)} to ${version as string} in ${where}; any rollback it had is closed.`);
};

/** `revoke NAME`. */
const revoke: Action = async ({ name }, { clients, clock, where, output }) => {
  await clients.revoke(name, clock.now());
  output.stdout(`Revoked client ${JSON.stringify(name)} in ${where}: its key is refused from then on, and the name stays taken.`);
};

/** `report [--version V] [--days N] [--json]`: only where the counts are summed (STORAGE=postgres). */
const report: Action = async ({ version, json, days }, { usage, clock, where, output }) => {
  if (usage === undefined) {
    throw new ClientCommandError(
      'with STORAGE=memory the request counts live in the service process only, for as long as it runs; the report reads them from the database: use STORAGE=postgres',
    );
  }
  const rows = await usage.all(clock.today(), days, version);
  const shown = rows.map((row) => ({ ...row, requests: String(row.requests), deprecated: row.deprecated ? 'yes' : 'no' }));
  output.stdout(json ? JSON.stringify(rows, null, 2) : rows.length === 0 ? `No requests in the last ${days} days in ${where}.` : table(shown));
};

/** Each subcommand's action but upgrade's (`clients-upgrade.ts`), which needs the API's routes. */
export const SUBCOMMANDS: Readonly<Record<Exclude<Subcommand, 'upgrade'>, Action>> = { create, list, pin, revoke, report };
