import { clientsCommand, openClientsFile, type OpenClientRepository } from './clients-command.js';
import { StartupError } from './application/errors/startup-error.js';

const lineTo =
  (stream: NodeJS.WriteStream) =>
  (line: string): void => {
    stream.write(`${line}\n`);
  };

const openRepository: OpenClientRepository = async (settings, access) => {
  if (settings.storage === 'memory') return openClientsFile(settings, access);
  throw new StartupError('STORAGE=postgres is not yet wired into npm run clients: the PostgreSQL client repository is still to come');
};

process.exitCode = await clientsCommand(
  process.argv.slice(2),
  process.env,
  { stdout: lineTo(process.stdout), stderr: lineTo(process.stderr) },
  openRepository,
);
