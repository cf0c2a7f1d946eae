import 'reflect-metadata';
import { composeService, type ServiceOutput } from './container.js';

const output: ServiceOutput = {
  stdout: (line) => process.stdout.write(`${line}\n`),
  stderr: (line) => process.stderr.write(`${line}\n`),
};

try {
  const { settings, server } = await composeService(process.env, output);
  const address = await server.listen(settings.port, settings.host);
  output.stdout(JSON.stringify({ time: new Date().toISOString(), level: 'info', message: 'listening', url: `http://${settings.host}:${address.port}` }));
  const stop = (signal: NodeJS.Signals): void => {
    output.stdout(JSON.stringify({ time: new Date().toISOString(), level: 'info', message: 'stopping', signal }));
    void server.stop().then(() => {
      output.stdout(JSON.stringify({ time: new Date().toISOString(), level: 'info', message: 'stopped' }));
      process.exit(0);
    });
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
} catch (error) {
  const reason = error instanceof Error && 'code' in error ? error.message : String(error instanceof Error ? error.stack : error);
  output.stderr(`Refusing to start: ${reason}`);
  process.exitCode = 1;
}
