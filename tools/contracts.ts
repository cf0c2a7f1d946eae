import { refuseCommandLine, toolArguments } from './tool-arguments.js';

/**
 * `npm run contracts -- check|accept`: every released version's OpenAPI document (both AGE_REMOVAL modes) and
 * changelog entry, frozen in `contracts/<version>/`. `check` regenerates them from the code and fails on any
 * difference, one line each, saying whether it breaks clients; `accept` rewrites the files from the code.
 */
const usage =
  'usage: npm run contracts -- check|accept\n' +
  '  check   compare what the code publishes with contracts/<version>/; exit 1 on any difference, one line each\n' +
  '  accept  rewrite contracts/<version>/ from the code (a deliberate change, to commit for review)';
const { positionals, values } = toolArguments({ allowPositionals: true, options: { help: { type: 'boolean', short: 'h' } } }, usage);
const [command] = positionals;
if (values.help === true) {
  console.log(usage);
  process.exit(0);
}
if (command !== 'check' && command !== 'accept')
  refuseCommandLine(command === undefined ? 'no command' : `unknown command ${JSON.stringify(command)}`, usage);
if (positionals.length > 1) refuseCommandLine(`unexpected ${JSON.stringify(positionals[1])}`, usage);
// Loaded once the command line is read: a refused one does not wait for the whole service to load.
const { CONTRACTS_DIRECTORY, compareContracts, frozenContracts, problemLine, writeContracts } = await import('./frozen-contracts.js');
const { releasedContracts } = await import('./released-contracts.js');
const generated = await releasedContracts();
if (command === 'accept') {
  const { written, removed } = await writeContracts(CONTRACTS_DIRECTORY, generated);
  for (const path of removed) console.log(`removed ${path}`);
  for (const path of written) console.log(`wrote ${path}`);
} else {
  const problems = compareContracts(await frozenContracts(CONTRACTS_DIRECTORY), generated);
  for (const problem of problems) console.log(problemLine(problem));
  const versions = new Set(generated.map(({ version }) => version)).size;
  if (problems.length === 0) console.log(`contracts: ${generated.length} files of ${versions} versions match ${CONTRACTS_DIRECTORY}/`);
  else {
    const breaking = problems.filter(({ breaking }) => breaking).length;
    console.error(
      `contracts: ${problems.length} differences (${breaking} breaking) from ${CONTRACTS_DIRECTORY}/. ` +
        'Undo the change, or, when it is deliberate, run `npm run contracts -- accept` and commit the files.',
    );
    process.exitCode = 1;
  }
}
