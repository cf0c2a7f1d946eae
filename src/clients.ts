import { clientsCommand, openClientsFile, type OpenClientRepository } from './clients-command.js';

const lineTo =
  (stream: NodeJS.WriteStream) =>
  (line: string): void => {
    stream.write(`${line}\n`);
  };

const openRepository: OpenClientRepository = async (settings, access) => {
  if (settings.storage === 'memory') return openClientsFile(settings, access);
  // Loaded only when chosen, as the service does: the memory path never loads the driver.
  const { openPostgresClients } = await import('./adapters/persistence/postgres/connect-postgres.js');
  const { redactedUrl } = await import('./adapters/persistence/postgres/postgres-pool.js');
  const url = settings.databaseUrl as string;
  const store = await openPostgresClients({
    url,
    poolSize: 1,
    statementTimeoutMs: settings.databaseStatementTimeoutMs,
    connectTimeoutMs: settings.databaseConnectTimeoutMs,
    log: lineTo(process.stderr),
  });
  const { PostgresUsageStore } = await import('./adapters/persistence/postgres/postgres-usage-store.js');
  return {
    repository: store.clients,
    description: `the database ${redactedUrl(url)}`,
    usage: new PostgresUsageStore(store.pool),
    close: () => store.close(),
  };
};

process.exitCode = await clientsCommand(
  process.argv.slice(2),
  process.env,
  { stdout: lineTo(process.stdout), stderr: lineTo(process.stderr) },
  openRepository,
);
