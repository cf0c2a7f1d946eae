import t from 'tap';
import { bareServers, compareCommand, compareSeconds, parseCompareOptions } from '../../bench/compare/options.js';
import { helpText, parseCommandLine } from '../../bench/harness/command-line.js';
import { SERVICE_WITHOUT_MEMOS } from '../../bench/harness/service-launch.js';

const HERE = '/build/dist/main.js';

t.test('cpu-compare options: defaults compare the access log on and off, with a bare server', async (t) => {
  const options = parseCompareOptions([], HERE);
  t.match(options, {
    processes: 4,
    rounds: 3,
    duration: 3,
    warmup: 1,
    connections: 50,
    path: '/doggies/1/',
    accept: 'application/json; version=2.1.0',
    bare: true,
  });
  t.same(bareServers(options), [{ name: 'bare', micros: 0 }], 'one bare server, which spends nothing of its own');
  t.same(options.variants, [
    { name: 'log-on', main: HERE, env: { ACCESS_LOG: 'on' } },
    { name: 'log-off', main: HERE, env: { ACCESS_LOG: 'off' } },
  ]);
});

t.test('cpu-compare options: variants with settings, and overrides', async (t) => {
  const options = parseCompareOptions(
    [
      '--variant=old:/tmp/old/dist/main.js',
      '--variant=new:dist/main.js:ACCESS_LOG=off:WORKERS=1',
      '--processes=2',
      '--rounds=5',
      '--duration=1.5',
      '--warmup=0',
      '--path=/cats/',
      '--accept=application/json',
      '--no-bare',
    ],
    HERE,
  );
  t.same(options.variants, [
    { name: 'old', main: '/tmp/old/dist/main.js', env: {} },
    { name: 'new', main: 'dist/main.js', env: { ACCESS_LOG: 'off', WORKERS: '1' } },
  ]);
  t.match(options, { processes: 2, rounds: 5, duration: 1.5, warmup: 0, path: '/cats/', accept: 'application/json', bare: false });
  t.equal(parseCompareOptions(['--variant=a:x.js:EMPTY='], HERE).variants[0]?.env.EMPTY, '', 'a setting may be empty');
});

t.test('cpu-compare options: bare servers that spend so many µs of CPU a request', async (t) => {
  const options = parseCompareOptions(['--bare-work=2,4.5'], HERE);
  t.same(options.bareWork, [2, 4.5]);
  t.same(bareServers(options), [
    { name: 'bare', micros: 0 },
    { name: 'bare+2us', micros: 2 },
    { name: 'bare+4.5us', micros: 4.5 },
  ]);
  t.same(bareServers(parseCompareOptions(['--no-bare'], HERE)), [], 'none with --no-bare');
});

t.test('cpu-compare options: refusals', async (t) => {
  const bad = [
    ['--nope'],
    ['--processes=0'],
    ['--rounds=1.5'],
    ['--duration=0'],
    ['--warmup=-1'],
    ['--path=doggies'],
    ['--variant=onlyname'],
    ['--variant=bad name:x.js'],
    ['--variant=a:x.js:NOEQUALS'],
    ['--variant=a:x.js:=value'],
    ['--variant=a:x.js', '--variant=a:y.js'],
    ['--variant=bare:x.js'],
    ['--bare-work='],
    ['--bare-work=0'],
    ['--bare-work=2,x'],
    ['--bare-work=2,2'],
    ['--bare-work=2', '--no-bare'],
    ['--variant=bare+2us:x.js', '--bare-work=2'],
    ['--caches=all'],
    ['--caches=each', '--variant=a:x.js'],
    ['--storage=sqlite'],
    ['--storage=postgres', '--bare-work=2'],
    ['--dogs=0'],
    ['positional'],
  ];
  for (const args of bad) t.throws(() => parseCompareOptions(args, HERE), Error, args.join(' '));
  t.same(
    parseCompareOptions(['--variant=bare:x.js', '--no-bare'], HERE).variants.map((variant) => variant.name),
    ['bare'],
    'bare is free once no bare server runs',
  );
});

t.test('cpu-compare options: --caches=each makes one variant with every cache and one without each, the access log off', async (t) => {
  const names = (args: string[]) => parseCompareOptions(args, HERE).variants.map((variant) => variant.name);
  t.same(names(['--caches=each']), ['all-caches', 'no-answers', 'no-pages', 'no-accept', 'no-usage'], 'in memory: no row cache to turn off');
  const options = parseCompareOptions(['--caches=each', '--storage=postgres', '--dogs=1000000', '--path=/doggies/?limit=100'], HERE);
  t.same(
    options.variants.map((variant) => variant.env),
    [
      { ACCESS_LOG: 'off', BENCH_WITHOUT_MEMOS: '' },
      { ACCESS_LOG: 'off', BENCH_WITHOUT_MEMOS: 'rows' },
      { ACCESS_LOG: 'off', BENCH_WITHOUT_MEMOS: 'answers' },
      { ACCESS_LOG: 'off', BENCH_WITHOUT_MEMOS: 'pages' },
      { ACCESS_LOG: 'off', BENCH_WITHOUT_MEMOS: 'accept' },
      { ACCESS_LOG: 'off', BENCH_WITHOUT_MEMOS: 'usage' },
    ],
    'on PostgreSQL the row cache too',
  );
  t.match(options, { storage: 'postgres', dogs: 1_000_000, path: '/doggies/?limit=100' });
  t.same(
    bareServers(options),
    [
      { name: 'bare', micros: 0, statements: 'one' },
      { name: 'bare-2-statements', micros: 0, statements: 'two' },
    ],
    'on PostgreSQL the one-statement bare server, and the two-statement one beside it',
  );
  t.ok(
    options.variants.every((variant) => variant.main === SERVICE_WITHOUT_MEMOS),
    'all this build, composed by the bench with its memos or without one',
  );
});

t.test('cpu-compare options: --help lists every option with its default, and the run time', async (t) => {
  const command = compareCommand(HERE);
  const { options, help } = parseCommandLine(command, ['--help', '--processes=1', '--rounds=1']);
  t.equal(help, true);
  const text = helpText(command, options);
  for (const name of Object.keys(command.options)) t.match(text, `--${name}`, name);
  t.match(text, /--processes=N +processes per variant \(and per bare server\) \(default: 4\)/, 'a default');
  t.match(text, /run time: about \d+ s with these options \(3 processes × 1 rounds × 4 s, plus starts\)/, 'the run time of the options given');
  t.equal(compareSeconds(options), 3 * (1 + 1 * 4.3), 'from processes, rounds, warm-up and duration');
});
