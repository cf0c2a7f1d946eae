import t from 'tap';
import { loadDataCommand } from '../src/load-data-command.js';
import { REFERENCE_API } from '../src/reference-api.js';

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
