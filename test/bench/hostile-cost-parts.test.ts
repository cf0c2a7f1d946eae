import t from 'tap';
import { growthExponent, type SizeResult } from '../../bench/hostile-cost/measure.js';
import { parseHostileCostOptions } from '../../bench/hostile-cost/options.js';
import { requestBytes } from '../../bench/hostile-cost/raw-client.js';
import { HOSTILE_SHAPES } from '../../bench/hostile-cost/shapes.js';

t.test('options: the full run and the smoke run, sizes, budget, main and out; bad ones refused', async (t) => {
  t.match(parseHostileCostOptions([]), { smoke: false, sizes: [1_000, 16_000, 1_040_000], largestLimitMs: 250, main: undefined });
  t.match(parseHostileCostOptions(['--smoke']), { smoke: true, sizes: [250, 1_000, 64_000], largestLimitMs: 0 });
  t.match(parseHostileCostOptions(['--sizes=10,20,30', '--budget=100', '--main=/x/main.js', '--out=o.json']), {
    sizes: [10, 20, 30],
    budgetBytes: 100,
    main: '/x/main.js',
    out: 'o.json',
  });
  for (const [args, message] of [
    [['--sizes=30,20,10'], /three sizes, each larger/],
    [['--sizes=10,20'], /three sizes/],
    [['--budget=0'], /positive number/],
    [['--main='], /path of a main.js/],
    [['--fast'], /Unknown option '--fast'/],
    [['--sizes'], /argument missing/],
  ] as const) {
    t.throws(() => parseHostileCostOptions(args), message, args.join(' '));
  }
});

t.test('the growth exponent: 1 for cost proportional to size, 2 for its square', async (t) => {
  const result = (bytes: number, cpuMicros: number): SizeResult => ({ bytes, requests: 1, cpuMicros, maxMillis: 0, statuses: {}, probeMaxMillis: 0 });
  t.equal(growthExponent(result(1_000, 10), result(64_000, 640)), 1);
  t.equal(growthExponent(result(1_000, 10), result(64_000, 40_960)), 2);
});

t.test('every shape grows to the size asked, and is sent as one well-formed request head', async (t) => {
  for (const shape of HOSTILE_SHAPES) {
    for (const size of [1_000, 64_000]) {
      const bytes = requestBytes(shape.build(size)).toString('latin1');
      t.ok(bytes.length >= size * 0.9 && bytes.length <= size * 1.1 + 200, `${shape.name} at ${size}: ${bytes.length} bytes`);
      t.match(bytes, /^GET \/\S* HTTP\/1\.1\r\n(?:[A-Za-z-]+: [^\r\n]*\r\n)+\r\n$/, `${shape.name} at ${size}: one request head`);
      t.equal(bytes.match(/\r\nHost: /gi)?.length, 1, `${shape.name} at ${size}: one Host`);
    }
  }
});
