// StrykerJS over three areas (docs/testing.md, "Mutation testing"): `npm run mutation` runs all of them, and
// `MUTATION_AREA=engine npm run mutation` one (engine, parsers, paging or clients), mutating its sources and running its tests.
const AREAS = {
  engine: { mutate: ['src/domain/versioning/**/*.ts'], tests: ['test/domain/**/*.test.ts'] },
  parsers: { mutate: ['src/adapters/http/request/**/*.ts'], tests: ['test/adapters/http/request/*.test.ts'] },
  paging: { mutate: ['src/application/paging/**/*.ts'], tests: ['test/application/**/*.test.ts'] },
  clients: {
    mutate: [
      'src/domain/clients/**/*.ts',
      'src/application/clients/**/*.ts',
      'src/adapters/http/request/authorization.ts',
      'src/adapters/http/request/json-body.ts',
    ],
    tests: [
      'test/domain/clients/*.test.ts',
      'test/application/clients/*.test.ts',
      'test/adapters/http/request/authorization.test.ts',
      'test/adapters/http/request/json-body.test.ts',
      'test/adapters/http/clients.test.ts',
      'test/adapters/http/observers/request-observers.test.ts',
      'test/clients-command.test.ts',
    ],
  },
};

const chosen = process.env.MUTATION_AREA;
if (chosen !== undefined && !(chosen in AREAS)) {
  throw new Error(`MUTATION_AREA=${chosen}: the areas are ${Object.keys(AREAS).join(', ')}`);
}
const areas = chosen === undefined ? Object.values(AREAS) : [AREAS[chosen]];

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  mutate: areas.flatMap((area) => area.mutate),
  testRunner: 'tap',
  tap: {
    testFiles: areas.flatMap((area) => area.tests),
    // Each test file runs as `node <these> file.ts`, not through tap's CLI: the same hooks as .taprc's node-arg, which
    // serve every .ts as the JavaScript buildCommand compiled from the sandbox's mutated sources.
    nodeArgs: ['-r', '{{hookFile}}', '--import=./test/loader/register.mjs', '{{testFile}}'],
  },
  // All mutants are built into the sources at once (mutant switching), so one compilation serves the whole run.
  buildCommand: 'node test/loader/build-once.mjs',
  // A test is a test file for the tap runner: each mutant runs only the files that reached it.
  coverageAnalysis: 'perTest',
  // The machine's two cores are shared.
  concurrency: 1,
  // A test file starts a process; on a busy machine its time varies more than Stryker's default 5 s allows for.
  timeoutMS: 10000,
  ignorePatterns: ['/dist', '/.test-build', '/coverage', '/.tap', '/client-types', '/test/.artifacts'],
  // A rerun tests again only the mutants whose source or covering test files changed; `-- --force` tests all.
  incremental: true,
  incrementalFile: `reports/stryker-incremental-${chosen ?? 'all'}.json`,
  reporters: ['clear-text', 'progress', 'html'],
  htmlReporter: { fileName: `reports/mutation/${chosen ?? 'all'}.html` },
  clearTextReporter: { reportTests: false, logTests: false, allowColor: false },
  thresholds: { high: 95, low: 90, break: null },
};
