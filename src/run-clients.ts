import { clientsCommand, openClientsFile, type OpenClientRepository } from './clients-command.js';
import type { ApiDefinition } from './api-definition.js';
import { lineSink } from './adapters/logging/line-sink.js';

/** The clients of the storage the settings choose: CLIENTS_FILE, or the database's (its driver loaded only then). */
export const openRepository: OpenClientRepository = async (settings, access, collections) => {
  if (settings.storage === 'memory') return openClientsFile(settings, access);
  // Loaded only when chosen, as the service does: the memory path never loads the driver.
  const { openPostgresClientStorage } = await import('./adapters/persistence/postgres/postgres-client-storage.js');
  return openPostgresClientStorage(
    {
      url: settings.databaseUrl as string,
      poolSize: 1,
      statementTimeoutMs: settings.databaseStatementTimeoutMs,
      connectTimeoutMs: settings.databaseConnectTimeoutMs,
      log: lineSink(process.stderr),
    },
    collections,
  );
};

/**
 * Runs the clients command for `api` as a process (`npm run clients` is this for the reference API): its arguments
 * from the command line (`create NAME --version V`, `list`, `pin`, `revoke`, `report`, `upgrade`; `--help`), its settings
 * from the environment (STORAGE, CLIENTS_FILE, DATABASE_URL), a pin checked against the API's own versions.
 */
export async function runClients(api: ApiDefinition): Promise<void> {
  process.exitCode = await clientsCommand(
    process.argv.slice(2),
    process.env,
    { stdout: lineSink(process.stdout), stderr: lineSink(process.stderr) },
    openRepository,
    api,
  );
}
