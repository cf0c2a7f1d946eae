import t from 'tap';
import { loadDataCommand, loadDataHelp } from '../src/load-data-command.js';
import { REFERENCE_API } from '../src/reference-api.js';
import type { ApiDefinition } from '../src/api-definition.js';
import { SHOP } from './fixtures/shop-api.js';
import { invoiceApi } from './fixtures/invoice-api.js';

const USAGE =
  'usage: npm run load-data -- FILE | --sample, FILE one JSON file of a list per collection, {"dogs": [...], "cats": [...]} (--help says more)';

t.test('a command line load-data cannot read is refused before any setting is read, naming the word at fault', async (t) => {
  // [args, what, the problem named]
  const cases: [string[], string, string][] = [
    [[''], 'an empty FILE', 'no FILE'],
    [['', 'a.json'], 'an empty FILE before a file', 'no FILE'],
    [['-'], 'a lone dash', 'unknown option "-"'],
    [['-xy'], 'two short options in one word', 'unknown option "-xy"'],
    [['--sample=yes'], '--sample with a value', 'unknown option "--sample=yes"'],
    [['--'], 'the end of options alone', 'unknown option "--"'],
    [['--', 'a.json'], 'a file after the end of options', 'unexpected "a.json"'],
    [['a.json', '--'], 'the end of options after a file', 'unexpected "--"'],
    [['a.json', '-xy'], 'grouped options after a file', 'unexpected "-xy"'],
    [['--sample', '--sample'], 'the sample twice', 'unexpected "--sample"'],
  ];
  for (const [args, what, problem] of cases) {
    const stderr: string[] = [];
    const code = await loadDataCommand(args, {}, { stdout: (line) => t.fail(line), stderr: (line) => stderr.push(line) }, REFERENCE_API);
    t.equal(code, 2, `${what}: exit code 2`);
    t.same(stderr, [`Nothing loaded: ${problem}; ${USAGE}`], `${what}: said, with the usage`);
  }
});

t.test('the usage and --help name the data of the API it runs for, and an API of no collections takes none', async (t) => {
  const run = async (args: readonly string[], api: ApiDefinition) => {
    const [stdout, stderr]: [string[], string[]] = [[], []];
    const code = await loadDataCommand(
      args,
      { STORAGE: 'postgres' },
      { stdout: (line) => stdout.push(line), stderr: (line) => stderr.push(line) },
      api,
    );
    return { code, stdout: stdout.join('\n'), stderr };
  };
  const usage = (file: string) => `usage: npm run load-data -- FILE | --sample, FILE ${file} (--help says more)`;
  const shop = await run([''], SHOP);
  t.same(
    [shop.code, shop.stderr],
    [2, [`Nothing loaded: no FILE; ${usage('one JSON file of a list per collection, {"orders": [...]}')}`]],
    "the shop's orders",
  );
  t.match(
    (await run(['--help'], SHOP)).stdout,
    /^FILE +one JSON file of a list per collection, \{"orders": \[\.\.\.\]\}$/m,
    "--help: the shop's orders",
  );
  t.notMatch((await run(['--help'], SHOP)).stdout, /dogs|cats/, '--help: not the reference');
  const none = usage('nothing: the API has no collections, so it takes no data');
  t.same((await run([''], invoiceApi())).stderr, [`Nothing loaded: no FILE; ${none}`], 'operations only: no data named');
  t.match((await run(['-h'], invoiceApi())).stdout, /^FILE +nothing: the API has no collections, so it takes no data$/m, '-h: none');
  for (const args of [['--sample'], ['orders.json']]) {
    t.same(
      await run(args, invoiceApi()),
      { code: 1, stdout: '', stderr: ['Nothing loaded: the API has no collections, so there is no data to load'] },
      `${args.join(' ')}: refused, before any setting or file is read`,
    );
  }
  t.match(
    loadDataHelp('npm run load-data --'),
    /^FILE +one JSON file of a list per collection, by its name: \{"<name>": \[\.\.\.\], \.\.\.\}$/m,
    "with no API known: any API's",
  );
});
