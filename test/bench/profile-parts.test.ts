import t from 'tap';
import { UsageError } from '../../bench/harness/command-line.js';
import { parseProfileOptions } from '../../bench/profile/options.js';
import { framesTable, topFrames, type CpuProfile } from '../../bench/profile/top-frames.js';

const frame = (functionName: string, url = '', lineNumber = 0) => ({ functionName, url, lineNumber });

// Two call paths of `handle` (nodes 2 and 4), node:http's writev, idle time, and an anonymous function.
const PROFILE: CpuProfile = {
  nodes: [
    { id: 1, callFrame: frame('(root)') },
    { id: 2, callFrame: frame('handle', 'file:///app/dist/adapters/http/api-routes.js', 9) },
    { id: 3, callFrame: frame('writev') },
    { id: 4, callFrame: frame('handle', 'file:///app/dist/adapters/http/api-routes.js', 9) },
    { id: 5, callFrame: frame('(idle)') },
    { id: 6, callFrame: frame('', 'node:internal/streams/readable', 99) },
  ],
  startTime: 1_000,
  samples: [2, 3, 4, 5, 3, 6, 2],
  timeDeltas: [10, 30, 20, 100, 30, 5, 1_000],
};

t.test('top frames: self time summed over call paths, idle apart, largest first, within the window', async (t) => {
  const { frames, busyMicros } = topFrames(PROFILE, '/app', 10);
  t.equal(busyMicros, 1_095, 'every sample but the idle one');
  t.same(
    frames.map((entry) => [entry.frame, entry.selfMicros]),
    [
      ['handle dist/adapters/http/api-routes.js:10', 1_030],
      ['writev', 60],
      ['(anonymous) node:internal/streams/readable:100', 5],
    ],
    "a function's nodes summed, files relative to the project, lines from 1",
  );
  t.equal(frames[1]?.share, 60 / 1_095, 'shares of the busy time');
  t.same(
    topFrames(PROFILE, '/app', 1).frames.map((entry) => entry.frame),
    ['handle dist/adapters/http/api-routes.js:10'],
    'only the top N',
  );
  // Sample times: 1010, 1040, 1060, 1160, 1190, 1195, 2195.
  const windowed = topFrames(PROFILE, '/app', 10, { from: 1_100, to: 1_200 });
  t.same(
    windowed.frames.map((entry) => [entry.frame, entry.selfMicros]),
    [
      ['writev', 30],
      ['(anonymous) node:internal/streams/readable:100', 5],
    ],
    'only the samples within the window',
  );
  t.equal(topFrames({ ...PROFILE, samples: [5], timeDeltas: [10] }, '/app', 3).frames.length, 0, 'an idle profile has no frames');
  t.match(
    framesTable(frames),
    /^\| # \| self \| frame \|\n\|---:\|---:\|---\|\n\| 1 \| 94\.1 % \| `handle dist\/adapters\/http\/api-routes\.js:10` \|/,
  );
});

t.test('profile options: defaults, overrides, refusals', async (t) => {
  t.match(parseProfileOptions([]), {
    storage: 'memory',
    dogs: 1_000,
    path: '/doggies/?limit=100',
    warmup: 5,
    duration: 10,
    connections: 10,
    top: 15,
  });
  t.match(parseProfileOptions(['--storage=postgres', '--dogs=1000000', '--main=/tmp/before/dist/main.js', '--keep=p.cpuprofile']), {
    storage: 'postgres',
    dogs: 1_000_000,
    main: '/tmp/before/dist/main.js',
    keep: 'p.cpuprofile',
  });
  for (const bad of [['--storage=sqlite'], ['--path=doggies'], ['--main='], ['--keep='], ['--top=0'], ['--warmup=-1'], ['--nope']]) {
    t.throws(() => parseProfileOptions(bad), UsageError, bad.join(' '));
  }
});
