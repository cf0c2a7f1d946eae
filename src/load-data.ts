import { loadDataCommand } from './load-data-command.js';

const lineTo =
  (stream: NodeJS.WriteStream) =>
  (line: string): void => {
    stream.write(`${line}\n`);
  };

process.exitCode = await loadDataCommand(process.argv.slice(2), process.env, { stdout: lineTo(process.stdout), stderr: lineTo(process.stderr) });
