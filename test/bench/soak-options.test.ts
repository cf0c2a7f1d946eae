import t from 'tap';
import { helpText, parseCommandLine, UsageError } from '../../bench/harness/command-line.js';
import { HOSTILE_COST_COMMAND } from '../../bench/hostile-cost/options.js';
import { parseSoakOptions, SOAK_COMMAND } from '../../bench/soak/options.js';

t.test('soak options: defaults, overrides in either form, refusals', async (t) => {
  t.same(parseSoakOptions([]), { duration: 60, connections: 64, drainTimeoutMs: 10_000, seed: 1, restarts: 0 });
  t.same(parseSoakOptions(['--duration', '10', '--connections=32', '--drain-timeout=500', '--seed=7']), {
    duration: 10,
    connections: 32,
    drainTimeoutMs: 500,
    seed: 7,
    restarts: 0,
  });
  t.match(parseSoakOptions(['--restart-database']), { restarts: 5 }, '--restart-database: five restarts');
  t.match(parseSoakOptions(['--restart-database', '--restarts=2']), { restarts: 2 }, '--restarts says how many');
  for (const bad of [
    ['--duration=1'],
    ['--connections=0'],
    ['--seed=x'],
    ['--drain-timeout=1.5'],
    ['--fast'],
    ['extra'],
    ['--restarts=2'],
    ['--restart-database', '--restarts=0.5'],
  ]) {
    t.throws(() => parseSoakOptions(bad), UsageError, bad.join(' '));
  }
});

t.test('soak and hostile-cost: --help with every option and the run time', async (t) => {
  const soak = parseCommandLine(SOAK_COMMAND, ['--help', '--duration=30']);
  t.match(helpText(SOAK_COMMAND, soak.options), /run time: about 35 s with these options/);
  const hostile = parseCommandLine(HOSTILE_COST_COMMAND, ['--smoke', '--help']);
  t.equal(hostile.help, true);
  const text = helpText(HOSTILE_COST_COMMAND, hostile.options);
  for (const name of Object.keys(HOSTILE_COST_COMMAND.options)) t.match(text, `--${name}`, name);
  t.match(text, /run time: about \d+ s with these options \(\d+ shapes × 3 sizes/);
});
