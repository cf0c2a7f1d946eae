import { aboutSeconds, parseCommandLine, positive, whole, type Command, type RawValues } from './command-line.js';
import { clientsGroup } from './clients-variant.js';
import { exampleGroup } from './example-variant.js';
import { invoicesGroup } from './invoices-variant.js';
import { metricsGroup } from './metrics-variant.js';
import { BENCHED_MOUNTS, mountGroup } from './mounts-variant.js';
import { postgresScenarios, scenarioGroups, selected } from './scenarios.js';

/** How a bench run is shaped; `--smoke` is the short CI run whose numbers mean nothing. */
export interface BenchOptions {
  readonly smoke: boolean;
  /** Seconds of each measured run. */
  readonly duration: number;
  /** Seconds of load on each server before a scenario is measured. */
  readonly warmup: number;
  /**
   * Seconds of unmeasured load on a server right before each of its measured runs: while one server is
   * measured the other idles, V8 shrinks an idle process's young generation, and a run that starts cold
   * measures the regrowing of it rather than the server under load.
   */
  readonly rewarm: number;
  readonly repetitions: number;
  readonly connections: number;
  /** Collection sizes of the page-cost scenarios, smallest first. */
  readonly sizes: readonly number[];
  /** Collection sizes of the PostgreSQL scenarios (run when DATABASE_URL is set), smallest first; empty for none. */
  readonly postgresSizes: readonly number[];
  /** Requests after which RSS is read first and last in the memory check. */
  readonly memoryRequests: readonly [number, number];
  readonly accessLog: 'on' | 'off';
  readonly out: string;
  /** Only the scenarios whose name holds one of these (any case), and then no memory check; empty for every scenario. */
  readonly scenarios: readonly string[];
}

const FULL: BenchOptions = {
  smoke: false,
  duration: 5,
  warmup: 2,
  rewarm: 1,
  repetitions: 3,
  connections: 50,
  sizes: [1_000, 100_000, 1_000_000],
  postgresSizes: [1_000, 1_000_000],
  memoryRequests: [10_000, 1_000_000],
  accessLog: 'on',
  out: 'bench-results.json',
  scenarios: [],
};

/** Short (no warm-ups: each load run lasts a whole second at least), but with a second pair of fresh processes and its checks. */
const SMOKE: BenchOptions = {
  ...FULL,
  smoke: true,
  duration: 0.3,
  warmup: 0,
  rewarm: 0,
  repetitions: 2,
  sizes: [1_000, 10_000],
  postgresSizes: [1_000],
  memoryRequests: [1_000, 10_000],
  out: 'bench-results.smoke.json',
};

const sizes = (name: string, text: string): number[] =>
  text
    .split(',')
    .map((part) => whole(name, part))
    .sort((a, b) => a - b);

function read(values: RawValues): BenchOptions {
  let options = values['smoke'] === true ? SMOKE : FULL;
  const text = (name: string): string | undefined => values[name] as string | undefined;
  const given = <T>(name: string, parse: (name: string, value: string) => T, apply: (value: T) => Partial<BenchOptions>): void => {
    const value = text(name);
    if (value !== undefined) options = { ...options, ...apply(parse(name, value)) };
  };
  given('duration', positive, (duration) => ({ duration }));
  given(
    'warmup',
    (name, value) => positive(name, value, true),
    (warmup) => ({ warmup }),
  );
  given(
    'rewarm',
    (name, value) => positive(name, value, true),
    (rewarm) => ({ rewarm }),
  );
  given('repetitions', whole, (repetitions) => ({ repetitions }));
  given('connections', whole, (connections) => ({ connections }));
  given('sizes', sizes, (list) => ({ sizes: list }));
  given(
    'postgres-sizes',
    (name, value) => (value === 'none' ? [] : sizes(name, value)),
    (postgresSizes) => ({ postgresSizes }),
  );
  given(
    'memory-requests',
    (name, value) => {
      const [first, last, ...rest] = value.split(',').map((part) => whole(name, part));
      if (first === undefined || last === undefined || rest.length > 0 || !(last > first))
        throw new Error(`--${name} takes two counts, the second larger`);
      return [first, last] as const;
    },
    (memoryRequests) => ({ memoryRequests }),
  );
  given(
    'access-log',
    (name, value) => {
      if (value !== 'on' && value !== 'off') throw new Error(`--${name} is on or off`);
      return value;
    },
    (accessLog) => ({ accessLog }),
  );
  given(
    'out',
    (name, value) => {
      if (value === '') throw new Error(`--${name} needs a file name`);
      return value;
    },
    (out) => ({ out }),
  );
  const filters = values['scenario'] as readonly string[] | undefined;
  if (filters !== undefined) {
    if (filters.some((filter) => filter.trim() === '')) throw new Error('--scenario needs a part of a scenario name');
    options = { ...options, scenarios: filters };
  }
  return options;
}

/** Seconds a start of the service takes with so many dogs (the file parsed and checked): measured, rounded up. */
const startSeconds = (size: number): number => 1 + size / 250_000;
/** Seconds `load-data` takes to fill a bench database with so many dogs, and the requests per second the memory check runs at. */
const loadSeconds = (size: number): number => 2 + size / 20_000;
const MEMORY_MIX_PER_SECOND = 8_000;

/** How long a run takes: every load run of every scenario on every server of every repetition, plus starts, loads and the memory check. */
export function benchSeconds(options: BenchOptions, withPostgres = process.env['DATABASE_URL'] !== undefined): number {
  const perScenario = options.warmup + options.rewarm + options.duration + 1;
  let seconds = 0;
  for (const group of [
    ...scenarioGroups(options.sizes),
    metricsGroup(),
    clientsGroup(''),
    exampleGroup(),
    invoicesGroup(),
    ...BENCHED_MOUNTS.map(mountGroup),
  ]) {
    const scenarios = selected(group.scenarios, options.scenarios).length;
    if (scenarios > 0) seconds += options.repetitions * (2 * (startSeconds(group.size) + options.warmup) + scenarios * 2 * perScenario);
  }
  if (withPostgres) {
    for (const size of options.postgresSizes) {
      const scenarios = selected(postgresScenarios(size), options.scenarios).length;
      if (scenarios > 0) seconds += loadSeconds(size) + options.repetitions * (3 * (1 + options.warmup) + scenarios * 3 * perScenario);
    }
  }
  return seconds + (options.scenarios.length > 0 ? 0 : (2 * options.memoryRequests[1]) / MEMORY_MIX_PER_SECOND);
}

export const BENCH_COMMAND: Command<BenchOptions> = {
  usage:
    'npm run bench -- [--smoke] [--duration=S] [--connections=N] [--sizes=N,...] [--postgres-sizes=N,...|none] [--scenario=TEXT]... [--out=FILE] ... (--help for all)',
  summary:
    'The service against a bare node:http server sending the same bytes (and, with DATABASE_URL, against bare node:http + pg servers), ' +
    'each scenario on fresh processes per repetition; then a memory check. Prints each scenario, the targets, and Markdown; writes JSON to --out.',
  options: {
    smoke: {
      type: 'boolean',
      help: `CI's short run (its figures mean nothing): ${SMOKE.duration} s runs, no warm-up, sizes ${SMOKE.sizes.join(',')}, PostgreSQL ${SMOKE.postgresSizes.join(',')}`,
    },
    duration: { type: 'string', value: 'S', default: `${FULL.duration}`, help: 'seconds of each measured run' },
    warmup: {
      type: 'string',
      value: 'S',
      default: `${FULL.warmup}`,
      help: 'seconds of load on each fresh process, and on each server before each scenario',
    },
    rewarm: {
      type: 'string',
      value: 'S',
      default: `${FULL.rewarm}`,
      help: 'seconds of unmeasured load on each server right before the measured turns of a scenario',
    },
    repetitions: {
      type: 'string',
      value: 'N',
      default: `${FULL.repetitions}`,
      help: 'fresh processes per group; the median of their runs is reported',
    },
    connections: { type: 'string', value: 'N', default: `${FULL.connections}`, help: 'concurrent keep-alive connections of the load' },
    sizes: { type: 'string', value: 'N,...', default: FULL.sizes.join(','), help: 'dogs in memory for the first and last page scenarios' },
    'postgres-sizes': {
      type: 'string',
      value: 'N,...|none',
      default: FULL.postgresSizes.join(','),
      help: 'dogs in PostgreSQL (needs DATABASE_URL, a role that may CREATEDB)',
    },
    'memory-requests': {
      type: 'string',
      value: 'FIRST,LAST',
      default: FULL.memoryRequests.join(','),
      help: 'requests after which RSS is read first and last in the memory check',
    },
    'access-log': { type: 'string', value: 'on|off', default: FULL.accessLog, help: "the service's ACCESS_LOG" },
    out: { type: 'string', value: 'FILE', default: `${FULL.out} (smoke: ${SMOKE.out})`, help: 'where the JSON results go' },
    scenario: {
      type: 'string',
      multiple: true,
      value: 'TEXT',
      default: 'every scenario',
      help: 'only the scenarios whose name holds TEXT (any case); groups left empty are not started, and the memory check is skipped',
    },
  },
  read,
  runTime: (options) =>
    `${aboutSeconds(benchSeconds(options))} with these options${process.env['DATABASE_URL'] === undefined ? ' (PostgreSQL scenarios skipped: DATABASE_URL is not set)' : ', PostgreSQL scenarios included'}, estimated from the scenarios × servers × repetitions × (warm-up + rewarm + duration), starts and loads; on a loaded machine more`,
};

/** The options from command-line arguments; throws UsageError on an unknown or malformed one. */
export function parseOptions(args: readonly string[]): BenchOptions {
  return parseCommandLine(BENCH_COMMAND, args).options;
}
