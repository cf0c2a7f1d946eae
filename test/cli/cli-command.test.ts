import { fileURLToPath } from 'node:url';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import t, { type Test } from 'tap';
import { HELP, versionAwareApi } from '../../src/cli/cli-command.js';
import { CONTRACTS_HELP } from '../../src/cli/contracts-command.js';

interface Run {
  readonly code: number;
  readonly stdout: string[];
  readonly stderr: string[];
}

/** The program in this process, with no setting: its exit code and its lines. */
async function program(args: readonly string[]): Promise<Run> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const code = await versionAwareApi(args, {}, { stdout: (line) => stdout.push(line), stderr: (line) => stderr.push(line) });
  return { code, stdout, stderr };
}

/** A module of the test's own, `source` its text: its path. */
async function module(t: Test, source: string): Promise<string> {
  const path = join(t.testdir(), 'api.mjs');
  await writeFile(path, source);
  return path;
}

const USAGE = [
  'usage: version-aware-api contracts check|accept --api MODULE [--export NAME] [--dir DIR]',
  '       version-aware-api clients --api MODULE [--export NAME] create|list|pin|revoke|report|upgrade …',
  '       version-aware-api load-data --api MODULE [--export NAME] FILE|--sample',
  '       version-aware-api --help',
].join('\n');
const escaped = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const CONTRACTS_USAGE = 'usage: version-aware-api contracts check|accept --api MODULE [--export NAME] [--dir DIR]';

t.test('--help is an answer: every command and its synopsis on stdout, exit code 0', async (t) => {
  for (const flag of ['--help', '-h']) {
    const run = await program([flag]);
    t.same(run, { code: 0, stdout: [HELP], stderr: [] }, flag);
  }
  t.ok(HELP.startsWith(`${USAGE}\n\n`), 'the usage first');
  t.same(await program(['contracts', '--help']), { code: 0, stdout: [CONTRACTS_HELP], stderr: [] }, 'contracts --help');
  t.ok(CONTRACTS_HELP.startsWith(CONTRACTS_USAGE), "contracts --help: the command's usage first");
  const clients = await program(['clients', '--help']);
  t.equal(clients.code, 0, 'clients --help needs no API');
  t.match(
    clients.stdout[0],
    /^usage: version-aware-api clients --api MODULE \[--export NAME\] create NAME \[--version V\] \| list/,
    'clients --help names the program',
  );
  t.notMatch(clients.stdout[0], /upgrade\?to=/, 'clients --help, with no API to say where its clients are served, names no route');
  const loadData = await program(['load-data', '-h']);
  t.equal(loadData.code, 0, 'load-data -h needs no API');
  t.match(
    loadData.stdout[0],
    /^usage: STORAGE=postgres DATABASE_URL=\S+ version-aware-api load-data --api MODULE \[--export NAME\] FILE \| --sample\n/,
  );
});

t.test("--help with --api says it of that API: its clients' routes, its collections", async (t) => {
  const shop = fileURLToPath(new URL('../../examples/orders/api.mjs', import.meta.url));
  const clients = await program(['clients', '--api', shop, '--export', 'SHOP', '--help']);
  t.equal(clients.code, 0);
  t.match(clients.stdout[0], /^usage: version-aware-api clients --api MODULE \[--export NAME\] create NAME/, 'the usage first');
  t.match(clients.stdout[0], /GET \/client\/upgrade\?to=V/, "the shop's upgrade report, where the shop serves it");
  const loadData = await program(['load-data', '-h', '--api', shop, '--export', 'SHOP']);
  t.equal(loadData.code, 0);
  t.match(loadData.stdout[0], /"customers": \[/, "FILE is said as the shop's collections");
  t.notMatch(loadData.stdout[0], /"<name>"/, 'not the generic shape');
  const generic = await program(['load-data', '-h']);
  t.match(generic.stdout[0], /"<name>"/, 'without --api: the generic shape');
});

t.test('a command line it cannot read is said, with the usage, and exits 2', async (t) => {
  const clientsUsage = 'usage: version-aware-api clients --api MODULE [--export NAME] create|list|pin|revoke|report|upgrade …';
  const loadDataUsage = 'usage: version-aware-api load-data --api MODULE [--export NAME] FILE|--sample';
  // [args, what, the problem named, the usage that follows]
  const cases: [string[], string, string, string][] = [
    [[], 'nothing', 'no command', USAGE],
    [['freeze'], 'an unknown command', 'unknown command "freeze"', USAGE],
    [['--api', 'api.mjs'], 'an option before a command', 'unknown command "--api"', USAGE],
    [['contracts'], 'contracts without check or accept', 'no command', CONTRACTS_USAGE],
    [['contracts', 'chek', '--api', 'api.mjs'], 'a misspelt check', 'unknown command "chek"', CONTRACTS_USAGE],
    [['contracts', 'check', 'now', '--api', 'api.mjs'], 'a word too many', 'unexpected "now"', CONTRACTS_USAGE],
    [['contracts', 'check'], 'contracts without --api', '--api MODULE names the module that exports your API', CONTRACTS_USAGE],
    [['contracts', 'check', '--api'], '--api without its module', "Option '--api <value>' argument missing", CONTRACTS_USAGE],
    [['contracts', 'check', '--api', 'a.mjs', '--out', 'x'], 'an unknown option', "Unknown option '--out'", CONTRACTS_USAGE],
    [['clients', 'list'], 'clients without --api', '--api MODULE names the module that exports your API', clientsUsage],
    [['clients', 'list', '--api'], '--api at the end', '--api needs MODULE', clientsUsage],
    [['clients', 'list', '--api='], '--api= empty', '--api needs MODULE', clientsUsage],
    [['clients', '--api', 'a.mjs', 'list', '--api=b.mjs'], '--api twice', '--api given twice', clientsUsage],
    [['load-data', '--sample', '--export'], '--export without its name', '--export needs NAME', loadDataUsage],
    [['load-data', '--sample', '--export', 'API'], '--export without --api', '--api MODULE names the module that exports your API', loadDataUsage],
  ];
  for (const [args, what, problem, usage] of cases) {
    const run = await program(args);
    t.equal(run.code, 2, `${what}: exit code 2`);
    t.match(run.stderr, [new RegExp(`^version-aware-api: ${escaped(problem)}`), usage], `${what}: the problem, then the usage`);
    t.equal(run.stderr.length, 2, `${what}: two lines`);
    t.same(run.stdout, [], `${what}: nothing on stdout`);
  }
});

t.test('an API module that cannot be used is one line naming it, exit code 1', async (t) => {
  const nothing = await module(t, 'export default {};\nexport const API = { collections: [], model: "not a function" };\n');
  for (const [args, what, said] of [
    [
      ['contracts', 'check', '--api', nothing],
      'contracts, a default export that is no API',
      `version-aware-api contracts: ${nothing} exports no API as default: export what defineApi gives`,
    ],
    [
      ['clients', 'list', '--api', nothing, '--export', 'API'],
      'clients, a named export that is no API',
      `version-aware-api clients: ${nothing} exports no API as API: export what defineApi gives`,
    ],
    [
      ['load-data', '--sample', `--api=${nothing}`, '--export=SHOP'],
      'load-data, an export missing',
      `version-aware-api load-data: ${nothing} exports no API as SHOP: export what defineApi gives`,
    ],
  ] as const) {
    t.same(await program(args), { code: 1, stdout: [], stderr: [said] }, what);
  }
  const missing = join(t.testdir(), 'missing.mjs');
  const run = await program(['contracts', 'accept', '--api', missing]);
  t.equal(run.code, 1, 'a module not found: exit code 1');
  t.match(run.stderr, [/^version-aware-api contracts: Cannot find module '.*missing\.mjs'/], 'a module not found: named');
});

t.test('a module whose declaration is wrong is refused in one line; any other failure is thrown', async (t) => {
  // The StartupError of this process's copy of the layer, which the program's catch knows.
  const startupError = new URL('../../src/domain/errors/startup-error.ts', import.meta.url).href;
  const wrong = await module(
    t,
    `import { StartupError } from '${startupError}';\nthrow new StartupError('the API declares no collection and no operation; declare one');\n`,
  );
  t.same(await program(['clients', 'list', '--api', wrong]), {
    code: 1,
    stdout: [],
    stderr: ['version-aware-api clients: the API declares no collection and no operation; declare one'],
  });
  const broken = join(t.testdir(), 'broken.mjs');
  await writeFile(broken, 'undefined.collections;\n');
  await t.rejects(program(['load-data', '--sample', '--api', broken]), TypeError, 'a bug in the module is no refusal: thrown, with its stack');
});
