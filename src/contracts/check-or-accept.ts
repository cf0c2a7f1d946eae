import type { ServiceOutput } from '../composition/service-output.js';
import { compareContracts, frozenContracts, problemLine, writeContracts, type ContractFile } from './frozen-contracts.js';

/** What `check` and `accept` work on: the contracts the code generates, where and as which files they are frozen. */
export interface ContractsAtHand {
  readonly generated: readonly ContractFile[];
  readonly directory: string;
  readonly names: readonly string[];
  /** The command line that accepts them, named in a refused check (`npm run contracts -- accept`). */
  readonly acceptCommand: string;
}

/**
 * `accept` rewrites the frozen contracts from the generated ones, naming each file removed and written; `check`
 * compares them, one line per difference, and resolves with exit code 1 when there is any.
 */
export async function checkOrAccept(command: 'check' | 'accept', contracts: ContractsAtHand, output: ServiceOutput): Promise<number> {
  const { generated, directory, names, acceptCommand } = contracts;
  if (command === 'accept') {
    const { written, removed } = await writeContracts(directory, generated, names);
    for (const path of removed) output.stdout(`removed ${path}`);
    for (const path of written) output.stdout(`wrote ${path}`);
    return 0;
  }
  const problems = compareContracts(await frozenContracts(directory, names), generated);
  for (const problem of problems) output.stdout(problemLine(problem));
  if (problems.length === 0) {
    const versions = new Set(generated.map(({ version }) => version)).size;
    output.stdout(`contracts: ${generated.length} files of ${versions} versions match ${directory}/`);
    return 0;
  }
  const breaking = problems.filter(({ breaking }) => breaking).length;
  output.stderr(
    `contracts: ${problems.length} differences (${breaking} breaking) from ${directory}/. ` +
      `Undo the change, or, when it is deliberate, run \`${acceptCommand}\` (with the same options) and commit the files.`,
  );
  return 1;
}
