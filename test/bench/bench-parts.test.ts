import { readFileSync } from 'node:fs';
import t from 'tap';
import { startScriptNodeFlags } from '../../bench/harness/start-script.js';
import { helpText, parseCommandLine, UsageError } from '../../bench/harness/command-line.js';
import { BENCH_COMMAND, benchSeconds, parseOptions } from '../../bench/harness/options.js';
import { difference, type RecordedResponse } from '../../bench/harness/recorded-response.js';
import { median, medians, runRatioRange, type BenchResults, type ScenarioResult } from '../../bench/harness/results.js';
import { markdown, scenarioLine } from '../../bench/harness/report.js';
import { backendCpuUsed } from '../../bench/harness/postgres-database.js';
import {
  exponent,
  pageScenarios,
  postgresScenarios,
  REFERENCE_SCENARIOS,
  REFERENCE_SIZE,
  scenarioGroups,
  selected,
} from '../../bench/harness/scenarios.js';
import { judgeTargets } from '../../bench/harness/targets.js';

t.test('median: the middle value, or the mean of the two middle ones', async (t) => {
  t.equal(median([3, 1, 2]), 2, 'odd count');
  t.equal(median([4, 1, 3, 2]), 2.5, 'even count');
  const runs = [10, 30, 20].map((rps) => ({
    requests: 1,
    seconds: 1,
    requestsPerSecond: rps,
    p50: rps / 10,
    p99: rps,
    errors: 0,
    timeouts: 0,
    statuses: {},
    cpuMicrosPerRequest: rps * 2,
  }));
  t.match(medians(runs), { requestsPerSecond: 20, p50: 2, p99: 20, cpuMicrosPerRequest: 40 }, 'each figure its own median');
  t.equal(medians([{ ...runs[0]!, cpuMicrosPerRequest: undefined }]).cpuMicrosPerRequest, undefined, 'no CPU figure without /proc');
});

t.test('run ratios: each service run over the bare run of the same repetition, lowest and highest', async (t) => {
  const run = (rps: number) => ({
    requests: 1,
    seconds: 1,
    requestsPerSecond: rps,
    p50: 1,
    p99: 1,
    errors: 0,
    timeouts: 0,
    statuses: {},
    cpuMicrosPerRequest: undefined,
  });
  const range = runRatioRange([run(80), run(60), run(90)], [run(100), run(100), run(90)]);
  t.same(range, { min: 0.6, max: 1 }, 'paired by repetition, not sorted first');
  t.throws(() => runRatioRange([run(1)], []), Error, 'runs must pair up');
  t.throws(() => runRatioRange([], []), Error, 'no runs, no range');
});

t.test('options: the full run, the smoke run, overrides, and refusals', async (t) => {
  t.match(
    parseOptions([]),
    {
      smoke: false,
      duration: 5,
      warmup: 2,
      rewarm: 1,
      repetitions: 3,
      connections: 50,
      sizes: [1_000, 100_000, 1_000_000],
      out: 'bench-results.json',
    },
    'defaults',
  );
  t.match(parseOptions(['--smoke']), { smoke: true, repetitions: 2, warmup: 0, rewarm: 0, out: 'bench-results.smoke.json' }, 'smoke');
  t.match(
    parseOptions(['--duration=1.5', '--rewarm=0', '--sizes=1000000,1000', '--access-log=off', '--memory-requests=10,20']),
    { duration: 1.5, rewarm: 0, sizes: [1000, 1_000_000], accessLog: 'off', memoryRequests: [10, 20] },
    'overrides',
  );
  t.match(parseOptions(['--duration', '2', '--postgres-sizes', 'none']), { duration: 2, postgresSizes: [] }, 'a value after a space');
  t.same(parseOptions([]).scenarios, [], 'every scenario by default');
  t.same(parseOptions(['--scenario=keyed', '--scenario', 'dog detail 3.0.0']).scenarios, ['keyed', 'dog detail 3.0.0'], '--scenario, repeated');
  for (const bad of [
    '--nope',
    '--duration=0',
    '--duration=x',
    '--duration',
    '--repetitions=1.5',
    '--rewarm=-1',
    '--access-log=maybe',
    '--memory-requests=20,10',
    '--memory-requests=1,2,3',
    '--out=',
    '--smoke=yes',
    '--scenario=',
    '--scenario= ',
    'stray',
  ]) {
    t.throws(() => parseOptions([bad]), UsageError, bad);
  }
});

t.test('options: --help lists every option and its default, and how long the run takes', async (t) => {
  const { options, help } = parseCommandLine(BENCH_COMMAND, ['--help']);
  t.equal(help, true, '--help is seen');
  t.match(options, { smoke: false }, 'with the options given beside it');
  const text = helpText(BENCH_COMMAND, options);
  for (const name of Object.keys(BENCH_COMMAND.options)) t.match(text, `--${name}`, `--${name} is listed`);
  t.match(text, /--duration=S +seconds of each measured run \(default: 5\)/, 'with its default');
  t.match(text, /run time: about \d+ min with these options/, 'and the run time');
  // The groups in memory (the reference, metrics, clients, the two examples, two mounts) × 2 servers × 3 repetitions × 9 s a
  // scenario, and 3 + 3 on PostgreSQL × 3 servers; then 2 × 10^6 requests.
  const full = benchSeconds(options, true);
  t.ok(full > 30 * 60 && full < 50 * 60, `a full run with PostgreSQL: ${Math.round(full / 60)} min`);
  t.ok(benchSeconds(parseOptions(['--smoke']), true) < 240, 'a smoke run: about 3 min');
  t.ok(benchSeconds(options, false) < full, 'less without PostgreSQL');
  const picked = benchSeconds(parseOptions(['--scenario=3.0.0']), true);
  // Four scenarios in three groups (the reference's, the clients', the invoices'), no PostgreSQL group, no memory check.
  t.ok(picked > 180 && picked < 330, `--scenario=3.0.0: ${Math.round(picked)} s, only the groups it picks from`);
});

t.test('--scenario picks scenarios by a part of their name, in any case', async (t) => {
  t.same(
    selected(REFERENCE_SCENARIOS, ['DOG DETAIL 2.']).map((scenario) => scenario.name),
    ['dog detail 2.1.0 (2 transforms)', 'dog detail 2.0.0 (3 transforms)'],
    'a part of the name, any case',
  );
  t.same(
    selected(REFERENCE_SCENARIOS, ['406', '404']).map((scenario) => scenario.status),
    [406, 404],
    'any of several',
  );
  t.equal(selected(REFERENCE_SCENARIOS, []).length, REFERENCE_SCENARIOS.length, 'every one without a filter');
  t.same(selected(postgresScenarios(1000), ['keyed']), [], 'none');
});

t.test('scenarios: the reference ones with 10^3 dogs, then a first and a last page per size', async (t) => {
  const groups = scenarioGroups([1_000, 100_000]);
  t.same(
    groups.map((group) => group.size),
    [REFERENCE_SIZE, 100_000],
    'one group per size',
  );
  t.equal(groups[0]?.scenarios.length, REFERENCE_SCENARIOS.length + 2, 'reference scenarios and the pages of 10^3');
  t.same(
    pageScenarios(100_000).map((scenario) => scenario.path),
    ['/doggies/?limit=100&offset=0', '/doggies/?limit=100&offset=99900'],
    'first and last page',
  );
  t.same(
    scenarioGroups([100_000]).map((group) => group.scenarios.length),
    [REFERENCE_SCENARIOS.length, 2],
    'the reference group runs even without 10^3 pages',
  );
  t.same([exponent(1_000_000), exponent(1500)], ['10^6', '1500'], 'sizes are written as powers of ten when they are');
});

t.test('targets are judged on the medians, never asserted', async (t) => {
  const result = (
    name: string,
    target: 'detail' | 'list' | 'none',
    service: number,
    bare: number,
    size = 1000,
    depth?: 'first' | 'deep',
    p99 = 5,
  ): ScenarioResult => ({
    scenario: { name, path: '/', accept: '', status: 200, target, dataSize: size, ...(depth === undefined ? {} : { page: { size, depth } }) },
    service: { requestsPerSecond: service, p50: 1, p99, cpuMicrosPerRequest: undefined, runs: [] },
    bare: { requestsPerSecond: bare, p50: 1, p99: 1, cpuMicrosPerRequest: undefined, runs: [] },
    ratio: service / bare,
    runRatios: { min: (service / bare) * 0.9, max: service / bare },
    cpuRatio: undefined,
  });
  const targets = judgeTargets(
    [
      result('detail', 'detail', 90, 100),
      result('list', 'list', 40, 100),
      result('first 10^3', 'list', 100, 100, 1000, 'first'),
      result('first 10^6', 'list', 90, 100, 1_000_000, 'first', 12),
    ],
    { dataSize: 1000, first: { requests: 10, rssBytes: 100 }, last: { requests: 100, rssBytes: 125 }, growth: 0.25, series: [], settledGrowth: 0.04 },
    50,
  );
  t.same(
    targets.map((target) => target.met),
    [true, false, true, true, true, false, true, false],
    'detail met, list missed, pages met, memory missed, settled memory met, p99 missed',
  );
  t.match(targets[targets.length - 1], { value: 'worst 12 ms (first 10^6)' }, 'the worst p99 is named');
  t.match(targets[0], { value: '0.90 (runs 0.81–0.90)' }, 'a ratio target shows the median it is judged on, then the range of single runs');
  t.match(scenarioLine(result('detail', 'detail', 90, 100)), /ratio 0\.90 \(runs 0\.81–0\.90\), CPU n\/a/, 'so does the printed line');
});

t.test('difference names the first thing two recordings disagree on', async (t) => {
  const base: RecordedResponse = { path: '/', accept: '', status: 200, headers: { vary: 'Accept' }, body: 'e30=' };
  t.equal(difference(base, { ...base }), undefined, 'the same');
  t.match(difference(base, { ...base, status: 404 }), /status 404/, 'status');
  t.match(difference(base, { ...base, headers: {} }), /header vary/, 'a missing header');
  t.match(difference(base, { ...base, body: 'W10=' }), /body bytes/, 'the body');
});

t.test('the bench runs the service with the node flags of npm start', async (t) => {
  const start = (script: string): string => JSON.stringify({ scripts: { start: script } });
  t.same(startScriptNodeFlags(start('node dist/main.js')), [], 'none');
  t.same(startScriptNodeFlags(start('exec node --flag=1 dist/main.js')), ['--flag=1'], "node run in the shell's place (exec)");
  t.same(
    startScriptNodeFlags(start('node --min-semi-space-size=16 --max-old-space-size=512 dist/main.js')),
    ['--min-semi-space-size=16', '--max-old-space-size=512'],
    'the flags before the script',
  );
  for (const bad of [JSON.stringify({ scripts: {} }), start('tsx src/main.ts'), start('node --flag')])
    t.throws(() => startScriptNodeFlags(bad), Error, bad);
  const ours = readFileSync(new URL('../../package.json', import.meta.url), 'utf8');
  t.same(
    startScriptNodeFlags(ours),
    ['--min-semi-space-size=16'],
    "this project's start script: the young generation at its loaded size from the start",
  );
});

t.test('PostgreSQL: scenarios, sizes, CPU of the backends, and targets', async (t) => {
  const scenarios = postgresScenarios(1_000_000);
  t.same(
    scenarios.map((scenario) => scenario.path),
    ['/doggies/7/', '/doggies/?limit=100', '/doggies/?limit=100&starting_after=999800'],
    'a dog, the first page, a deep page by cursor',
  );
  t.equal(scenarios[2]?.postgres?.nextOf, '/doggies/?limit=100&offset=999700', 'the deep page is the Link next of the page at offset size - 300');
  t.ok(
    scenarios.every((scenario) => scenario.target === 'postgres' && scenario.accept.endsWith('2.1.0')),
    'judged against the bare node:http + pg server, at 2.1.0',
  );
  t.same([parseOptions([]).postgresSizes, parseOptions(['--smoke']).postgresSizes], [[1_000, 1_000_000], [1_000]], 'full and smoke sizes');
  t.same(parseOptions(['--postgres-sizes=none']).postgresSizes, [], 'none');
  t.same(parseOptions(['--postgres-sizes=1000000,1000']).postgresSizes, [1_000, 1_000_000], 'sorted');
  t.equal(
    backendCpuUsed(
      new Map([
        [1, 2],
        [2, 5],
      ]),
      new Map([
        [1, 2.5],
        [3, 0.25],
      ]),
    ),
    0.75,
    'a backend that started in between counts from zero; one that ended is lost',
  );
  t.same(
    medians([
      {
        requests: 1,
        seconds: 1,
        requestsPerSecond: 1,
        p50: 1,
        p99: 1,
        errors: 0,
        timeouts: 0,
        statuses: {},
        cpuMicrosPerRequest: 1,
        databaseCpuMicrosPerRequest: 7,
      },
    ]).databaseCpuMicrosPerRequest,
    7,
    "the backends' median",
  );
  const result = (kind: 'detail' | 'first page', size: number, service: number): ScenarioResult => ({
    scenario: { name: `PG ${size} ${kind}`, path: '/', accept: '', status: 200, target: 'postgres', dataSize: size, postgres: { kind } },
    service: { requestsPerSecond: service, p50: 1, p99: 2, cpuMicrosPerRequest: 10, databaseCpuMicrosPerRequest: 20, runs: [] },
    bare: { requestsPerSecond: 100, p50: 1, p99: 1, cpuMicrosPerRequest: 8, databaseCpuMicrosPerRequest: 19, runs: [] },
    ratio: service / 100,
    runRatios: { min: service / 100, max: service / 100 },
    cpuRatio: undefined,
  });
  const targets = judgeTargets([result('detail', 1_000, 90), result('detail', 1_000_000, 70), result('first page', 1_000, 60)], undefined, 10);
  t.same(
    targets.map((target) => target.met),
    [true, false, false, false, true],
    'ratios 0.9, 0.7, 0.6 against 0.8; 10^6 detail 1.29 × slower; p99 met',
  );
  t.match(targets[3], { target: /^PG detail: time per request with 10\^6 dogs ≤ 1\.2 × with 10\^3/, value: '1.29 ×' }, 'growth by kind');
  t.match(scenarioLine(result('detail', 1_000, 90)), /10 µs CPU\/req \+ PostgreSQL 20 µs/, "the backends' CPU beside the process's");
  const twoStatements = { requestsPerSecond: 50, p50: 1, p99: 3, cpuMicrosPerRequest: 9, databaseCpuMicrosPerRequest: 30, runs: [] };
  const withSecond: ScenarioResult = {
    ...result('first page', 1_000, 60),
    secondBare: { name: 'two-statement bare', measured: twoStatements, ratio: 1.2 },
  };
  t.match(scenarioLine(withSecond), /\| two-statement bare +50 req\/s .*\| ratio to it 1\.20$/, 'the second bare server beside the first');
  t.equal(judgeTargets([withSecond], undefined, 10)[0]?.met, false, 'judged against the first (one-statement) bare server, not the second');
});

t.test("a second server that sends other bytes: the team's own before versioning, in a table of its own", async (t) => {
  const measured = (requestsPerSecond: number, cpuMicrosPerRequest: number) => ({ requestsPerSecond, p50: 1, p99: 2, cpuMicrosPerRequest, runs: [] });
  const invoice: ScenarioResult = {
    scenario: {
      name: 'invoices: invoice detail 1.0.0',
      path: '/invoices/inv_1001/',
      accept: 'application/json; version=1.0.0',
      status: 200,
      target: 'detail',
      dataSize: 1_000,
    },
    service: measured(90, 30),
    bare: measured(120, 22),
    ratio: 0.75,
    runRatios: { min: 0.7, max: 0.8 },
    cpuRatio: 30 / 22,
    secondBare: { name: "team's own server (unversioned)", measured: measured(100, 27), ratio: 0.9 },
  };
  t.match(
    scenarioLine(invoice),
    /\| team's own server \(unversioned\) +100 req\/s .* 27 µs CPU\/req \| ratio to it 0\.90$/,
    'beside the bare one on its line',
  );
  const results = (scenarios: readonly ScenarioResult[]): BenchResults => ({
    date: '2026-12-02T00:00:00.000Z',
    machine: { cpus: 2, cpuModel: 'x', node: 'v20', os: 'Linux' },
    loadGenerator: 'wrk 4.1.0',
    options: {},
    scenarios,
    services: [],
    memory: undefined,
    targets: [],
  });
  const text = markdown(results([invoice]));
  t.match(
    text,
    /\| scenario \| beside it \| its req\/s \| its CPU\/req \| ratio to it \|/,
    'a table of the scenarios measured beside a second server',
  );
  t.match(text, /\| invoices: invoice detail 1\.0\.0 \| team's own server \(unversioned\) \| 100 \| 27 µs \| 0\.90 \|/);
  const { secondBare: _second, ...alone } = invoice;
  t.notMatch(markdown(results([alone])), /beside it/, 'none without one');
});
