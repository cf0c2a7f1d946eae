import t from 'tap';
import { bareServers, parseCompareOptions } from '../../bench/compare/options.js';

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
  ];
  for (const args of bad) t.throws(() => parseCompareOptions(args, HERE), Error, args.join(' '));
  t.same(
    parseCompareOptions(['--variant=bare:x.js', '--no-bare'], HERE).variants.map((variant) => variant.name),
    ['bare'],
    'bare is free once no bare server runs',
  );
});
