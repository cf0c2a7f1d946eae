import { clientsCommand, openClientsFile, type OpenClientRepository } from './clients-command.js';

const lineTo =
  (stream: NodeJS.WriteStream) =>
  (line: string): void => {
    stream.write(`${line}\n`);
  };

const openRepository: OpenClientRepository = async (settings, access) => {
  if (settings.storage === 'memory') return openClientsFile(settings, access);
  // Loaded only when chosen, as the service does: the memory path never loads the driver.
  const { openPostgresClientStorage } = await import('./adapters/persistence/postgres/postgres-client-storage.js');
  return openPostgresClientStorage({
    url: settings.databaseUrl as string,
    poolSize: 1,
    statementTimeoutMs: settings.databaseStatementTimeoutMs,
    connectTimeoutMs: settings.databaseConnectTimeoutMs,
    log: lineTo(process.stderr),
  });
};

process.exitCode = await clientsCommand(
  process.argv.slice(2),
  process.env,
  { stdout: lineTo(process.stdout), stderr: lineTo(process.stderr) },
  openRepository,
);
