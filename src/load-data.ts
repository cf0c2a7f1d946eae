import { loadDataCommand } from './adapters/persistence/postgres/load-data-command.js';

process.exitCode = await loadDataCommand(process.argv.slice(2), process.env, {
  stdout: (line) => process.stdout.write(`${line}\n`),
  stderr: (line) => process.stderr.write(`${line}\n`),
});
