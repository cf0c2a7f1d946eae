import { InMemoryUsageStore } from './adapters/persistence/memory/in-memory-usage-store.js';
import { clientPaths, type Endpoints } from './adapters/http/routing/endpoints.js';
import { ClientCommandError } from './application/clients/manage-clients.js';
import { REPORT_DAYS } from './application/clients/usage-reports.js';
import { InvalidUpgradeTargetError } from './application/errors/refusals.js';
import type { ClientRepository } from './application/ports/client-repository.js';
import type { UsageStore } from './application/ports/usage-store.js';
import type { ApiDefinition } from './api-definition.js';
import type { ClientsRequest } from './clients-command-line.js';
import type { SubcommandContext } from './clients-subcommands.js';
import { table } from './clients-table.js';
import type { VersionModel } from './domain/versioning/version-model.js';

/** What the report of an upgrade is made from, beside what every subcommand has. */
export interface UpgradeSources {
  readonly api: ApiDefinition;
  readonly model: VersionModel;
  readonly repository: ClientRepository;
  /** Where the service's request counts are summed; undefined with STORAGE=memory. */
  readonly store: UsageStore | undefined;
}

/** `upgrade NAME --to V`: the service's `GET /client/upgrade?to=V` for that client, as a table or its JSON. */
export async function upgrade(
  { name, to, json }: ClientsRequest,
  { clients, clock, where, output }: SubcommandContext,
  { api, model, repository, store }: UpgradeSources,
): Promise<void> {
  const client = await clients.active(name);
  // Loaded only for this subcommand: the others need neither the routes nor the documents they are made with.
  const { composeUpgradeReports } = await import('./container.js');
  const { reports, reach } = composeUpgradeReports(model, clock, repository, store ?? new InMemoryUsageStore(), api);
  const report = await reports.forClient(client, to, clock.today(), reach);
  if (report instanceof InvalidUpgradeTargetError) throw new ClientCommandError(report.message);
  // With STORAGE=memory the counts live in the service's process: unknown here, not zero.
  const counted = store !== undefined;
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
  output.stdout(`Moving client ${JSON.stringify(name)} from ${report.from} to ${report.to} changes${calls} in ${where}:`);
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
