import type { ApiDefinition } from './application/api-definition.js';
import { loadDataCommand } from './load-data-command.js';

const lineTo =
  (stream: NodeJS.WriteStream) =>
  (line: string): void => {
    stream.write(`${line}\n`);
  };

/**
 * Runs load-data for `api` as a process (`npm run load-data` is this for the reference API): a data file of its
 * collections (`{"<collection name>": [...]}`), or `--sample` for its sample, checked whole, then written into the
 * database of DATABASE_URL (STORAGE=postgres) in one transaction, each collection into its table.
 */
export async function runLoadData(api: ApiDefinition): Promise<void> {
  process.exitCode = await loadDataCommand(
    process.argv.slice(2),
    process.env,
    { stdout: lineTo(process.stdout), stderr: lineTo(process.stderr) },
    api,
  );
}
