import 'reflect-metadata';
import { composeService, type ServiceOutput } from './container.js';

const output: ServiceOutput = {
  stdout: (line) => process.stdout.write(`${line}\n`),
  stderr: (line) => process.stderr.write(`${line}\n`),
};
const info = (message: string, fields: Record<string, string> = {}): void =>
  output.stdout(JSON.stringify({ time: new Date().toISOString(), level: 'info', message, ...fields }));

try {
  const { settings, server } = await composeService(process.env, output);
  const address = await server.listen(settings.port, settings.host).catch((error: NodeJS.ErrnoException) => {
    throw new Error(`cannot listen on HOST=${settings.host} PORT=${settings.port}: ${error.message}`, { cause: error });
  });
  const host = settings.host.includes(':') ? `[${settings.host}]` : settings.host;
  info('listening', { url: `http://${host}:${address.port}` });
  const stop = (signal: NodeJS.Signals): void => {
    info('stopping', { signal });
    void server.stop().then(() => {
      info('stopped');
      process.exit(0);
    });
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
} catch (error) {
  output.stderr(`Refusing to start: ${(error as Error).message}`);
  process.exitCode = 1;
}
