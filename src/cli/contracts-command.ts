import { parseArgs } from 'node:util';
import type { ServiceOutput } from '../composition/service-output.js';
import { API_CONTRACT_FILE_NAMES, apiContracts } from '../contracts/api-contracts.js';
import { checkOrAccept } from '../contracts/check-or-accept.js';
import { CONTRACTS_DIRECTORY } from '../contracts/frozen-contracts.js';
import { loadApi } from './api-module.js';
import { CommandLineError } from './refusals.js';

const USAGE = 'usage: version-aware-api contracts check|accept --api MODULE [--export NAME] [--dir DIR]';

/** `version-aware-api contracts --help`. */
export const CONTRACTS_HELP = `${USAGE}

Freezes what each released version of your API publishes, its OpenAPI document and its changelog entry, in files
you commit (DIR/<version>/openapi.json and changelog.json), and checks the code against them.

check          compare what the API publishes with DIR/<version>/: one line per difference (the version, the file,
               the JSON pointer, whether it breaks clients); exit 1 on any
accept         rewrite DIR/<version>/ from the API, and remove the folder of a version it no longer has: for a
               deliberate change, committed and reviewed with the code that made it
--api MODULE   the module (.mjs or .js) that exports your API, what defineApi gives
--export NAME  the name it is exported as (default: default)
--dir DIR      where its contracts are frozen (default: ${CONTRACTS_DIRECTORY})
--help, -h     print this and exit`;

/** `version-aware-api contracts check|accept …`: resolves with the exit code; a command line it cannot read throws CommandLineError. */
export async function contractsCommand(args: readonly string[], output: ServiceOutput): Promise<number> {
  const { values, positionals } = readCommandLine(args);
  if (values.help === true) {
    output.stdout(CONTRACTS_HELP);
    return 0;
  }
  const [command] = positionals;
  if (command !== 'check' && command !== 'accept') {
    throw new CommandLineError(command === undefined ? 'no command' : `unknown command ${JSON.stringify(command)}`, USAGE);
  }
  if (positionals.length > 1) throw new CommandLineError(`unexpected ${JSON.stringify(positionals[1])}`, USAGE);
  if (values.api === undefined) throw new CommandLineError('--api MODULE names the module that exports your API', USAGE);
  const api = await loadApi(values.api, values.export ?? 'default');
  const contracts = {
    generated: await apiContracts(api),
    directory: values.dir ?? CONTRACTS_DIRECTORY,
    names: API_CONTRACT_FILE_NAMES,
    acceptCommand: 'version-aware-api contracts accept',
  };
  return checkOrAccept(command, contracts, output);
}

function readCommandLine(args: readonly string[]) {
  try {
    return parseArgs({
      args: [...args],
      allowPositionals: true,
      options: { help: { type: 'boolean', short: 'h' }, api: { type: 'string' }, export: { type: 'string' }, dir: { type: 'string' } },
    });
  } catch (error) {
    throw new CommandLineError((error as Error).message, USAGE);
  }
}
