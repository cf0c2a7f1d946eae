import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import t from 'tap';
import { looksLikeApiKey } from '../../src/adapters/identity/api-key.js';
import { runBuiltProgram, type Run } from '../fixtures/built-program.js';
import { libraryModule } from '../fixtures/library-module.js';
import { API_CONTRACT_FILE_NAMES, apiContracts } from '../../tools/released-contracts.js';
import { compareContracts, frozenContracts, problemLine } from '../../tools/frozen-contracts.js';

// The package's program as its bin runs it (dist/cli/version-aware-api.js), on an API module of a team's own; an
// install of the package runs the same file (test/package-install.test.ts).
const program = (args: readonly string[], settings: Record<string, string> = {}, cwd?: string): Promise<Run> =>
  runBuiltProgram('cli/version-aware-api', args, settings, cwd);

t.test('contracts: accept freezes each version, check passes, then fails naming a change to the API', async (t) => {
  const folder = t.testdir();
  const module = join(folder, 'api.mjs');
  const contracts = join(folder, 'contracts');
  await writeFile(module, libraryModule(50, 'LIBRARY'));
  const options = ['--api', module, '--export', 'LIBRARY', '--dir', contracts];
  const accepted = await program(['contracts', 'accept', ...options]);
  t.same(accepted, { code: 0, stdout: `wrote ${contracts}/1.0.0/openapi.json\nwrote ${contracts}/1.0.0/changelog.json\n`, stderr: '' }, 'accept');
  t.match(JSON.parse(await readFile(join(contracts, '1.0.0', 'openapi.json'), 'utf8')), { info: { version: '1.0.0', title: 'Library API' } });
  t.same(
    await program(['contracts', 'check', '--api', './api.mjs', '--export', 'LIBRARY'], {}, folder),
    { code: 0, stdout: 'contracts: 2 files of 1 versions match contracts/\n', stderr: '' },
    'check, from the folder: the module named from there, the contracts in its contracts/ by default',
  );
  await writeFile(module, libraryModule(40, 'LIBRARY'));
  const refused = await program(['contracts', 'check', ...options]);
  t.equal(refused.code, 1, 'a changed API: exit code 1');
  t.match(
    refused.stdout,
    /^1\.0\.0 openapi\.json \/components\/schemas\/Book\/properties\/name\/maxLength \[maxLength\] BREAKING: maxLength lowered from 50 to 40/m,
  );
  t.match(
    refused.stderr,
    /^contracts: \d+ differences \(\d+ breaking\) from .*\. Undo the change, or, when it is deliberate, run `version-aware-api contracts accept` \(with the same options\)/,
  );
});

t.test("contracts check of the shop's frozen releases says what npm run example:contracts -- check says", async (t) => {
  const run = await program(['contracts', 'check', '--api', 'examples/orders/api.mjs', '--export=SHOP', '--dir=examples/orders/contracts']);
  const directory = join('examples', 'orders', 'contracts');
  const problems = compareContracts(
    await frozenContracts(directory, API_CONTRACT_FILE_NAMES),
    await apiContracts(join('examples', 'orders', 'api.mjs'), 'SHOP'),
  );
  t.equal(run.code, problems.length === 0 ? 0 : 1, 'its exit code');
  t.same(
    run.stdout.trimEnd().split('\n'),
    problems.length === 0 ? ['contracts: 8 files of 4 versions match examples/orders/contracts/'] : problems.map(problemLine),
    'its lines',
  );
});

t.test('clients and load-data for the API the module exports', async (t) => {
  const folder = t.testdir();
  const module = join(folder, 'api.mjs');
  await writeFile(module, libraryModule(50, 'LIBRARY'));
  const clientsFile = join(folder, 'clients.json');
  const created = await program(['clients', 'create', 'shop', '--api', module, '--export', 'LIBRARY'], { CLIENTS_FILE: clientsFile });
  t.equal(created.code, 0, 'clients create: exit code 0');
  t.ok(looksLikeApiKey(created.stdout.trimEnd().split('\n').at(-1) as string), 'the key on the last line');
  const listed = await program(['clients', '--api', module, '--export', 'LIBRARY', 'list', '--json'], { CLIENTS_FILE: clientsFile });
  t.match(JSON.parse(listed.stdout), [{ name: 'shop', pinned_version: '1.0.0' }], "pinned to the API's own version");
  const refused = await program(['clients', 'create', 'old', '--version', '2.1.0', '--api', module, '--export', 'LIBRARY'], {
    CLIENTS_FILE: clientsFile,
  });
  t.equal(refused.code, 1, "a version of the reference API's, not this one's: refused");
  const loaded = await program(['load-data', '--sample', '--api', module, '--export', 'LIBRARY'], { STORAGE: 'memory' });
  t.same([loaded.code, loaded.stderr.split(':')[0]], [1, 'Nothing loaded'], 'load-data: a database is needed, said as the command says it');
});

t.test('a wrong declaration in the module is one line, exit code 1', async (t) => {
  const module = join(t.testdir(), 'api.mjs');
  await writeFile(
    module,
    "import { defineApi } from 'version-aware-api';\nexport default defineApi({ title: 'Nothing', collections: [], versions: [] });\n",
  );
  const run = await program(['contracts', 'check', '--api', module]);
  t.same([run.code, run.stdout], [1, ''], 'exit code 1');
  t.match(run.stderr, /^version-aware-api contracts: .+\n$/, 'one line naming the command');
});
