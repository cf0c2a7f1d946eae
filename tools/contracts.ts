import { refuseCommandLine, toolArguments } from './tool-arguments.js';

/**
 * `npm run contracts -- check|accept`: every released version's OpenAPI document (both AGE_REMOVAL modes) and
 * changelog entry, frozen in `contracts/<version>/`. `check` regenerates them from the code and fails on any
 * difference, one line each, saying whether it breaks clients; `accept` rewrites the files from the code. With
 * `--api`, the same for an API of a team's own (`openapi.json` and `changelog.json` a version, in `--dir`).
 */
const usage =
  'usage: npm run contracts -- check|accept [--api MODULE [--export NAME] --dir FOLDER]\n' +
  '  check   compare what the code publishes with contracts/<version>/; exit 1 on any difference, one line each\n' +
  '  accept  rewrite contracts/<version>/ from the code (a deliberate change, to commit for review)\n' +
  '  --api MODULE   the module (.mjs or .js) that exports your API, what defineApi gives; the reference API without it\n' +
  '  --export NAME  the name it is exported as (default: default)\n' +
  '  --dir FOLDER   where its contracts are frozen (needed with --api)';
const { positionals, values } = toolArguments(
  {
    allowPositionals: true,
    options: { help: { type: 'boolean', short: 'h' }, api: { type: 'string' }, export: { type: 'string' }, dir: { type: 'string' } },
  },
  usage,
);
const [command] = positionals;
if (values.help === true) {
  console.log(usage);
  process.exit(0);
}
if (command !== 'check' && command !== 'accept')
  refuseCommandLine(command === undefined ? 'no command' : `unknown command ${JSON.stringify(command)}`, usage);
if (positionals.length > 1) refuseCommandLine(`unexpected ${JSON.stringify(positionals[1])}`, usage);
if ((values.api === undefined) !== (values.dir === undefined)) refuseCommandLine('--api and --dir go together', usage);
if (values.export !== undefined && values.api === undefined) refuseCommandLine('--export names the export of --api', usage);
// Loaded once the command line is read: a refused one does not wait for the whole service to load.
const { CONTRACTS_DIRECTORY } = await import('./frozen-contracts.js');
const { checkOrAccept } = await import('../src/contracts/check-or-accept.js');
const { API_CONTRACT_FILE_NAMES, CONTRACT_FILE_NAMES, apiContracts, releasedContracts } = await import('./released-contracts.js');
const contracts = {
  generated: values.api === undefined ? await releasedContracts() : await apiContracts(values.api, values.export ?? 'default'),
  directory: values.dir ?? CONTRACTS_DIRECTORY,
  names: values.api === undefined ? CONTRACT_FILE_NAMES : API_CONTRACT_FILE_NAMES,
  acceptCommand: 'npm run contracts -- accept',
};
process.exitCode = await checkOrAccept(command, contracts, { stdout: (line) => console.log(line), stderr: (line) => console.error(line) });
