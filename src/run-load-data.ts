import type { ApiDefinition } from './api-definition.js';
import { lineSink } from './adapters/logging/line-sink.js';
import { loadDataCommand } from './load-data-command.js';

/**
 * Runs load-data for `api` as a process (`npm run load-data` is this for the reference API): a data file of its
 * collections (`{"<collection name>": [...]}`), or `--sample` for its sample, checked whole, then written into the
 * database of DATABASE_URL (STORAGE=postgres) in one transaction, each collection into its table.
 */
export async function runLoadData(api: ApiDefinition): Promise<void> {
  process.exitCode = await loadDataCommand(
    process.argv.slice(2),
    process.env,
    { stdout: lineSink(process.stdout), stderr: lineSink(process.stderr) },
    api,
  );
}
