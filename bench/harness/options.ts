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

export const USAGE = `npm run bench -- [--smoke] [--duration=S] [--warmup=S] [--rewarm=S] [--repetitions=N] [--connections=N]
                 [--sizes=1000,100000,1000000] [--postgres-sizes=1000,1000000|none] [--memory-requests=10000,1000000] [--access-log=on|off] [--out=FILE]`;

/** The options from command-line arguments; throws on an unknown or malformed one. */
export function parseOptions(args: readonly string[]): BenchOptions {
  let options = args.includes('--smoke') ? SMOKE : FULL;
  for (const arg of args) {
    if (arg === '--smoke') continue;
    const [name, value = ''] = arg.split('=', 2) as [string, string?];
    const numbers = (): number[] => value.split(',').map((part) => positive(name, part));
    switch (name) {
      case '--duration':
        options = { ...options, duration: positive(name, value) };
        break;
      case '--warmup':
        options = { ...options, warmup: positive(name, value, true) };
        break;
      case '--rewarm':
        options = { ...options, rewarm: positive(name, value, true) };
        break;
      case '--repetitions':
        options = { ...options, repetitions: whole(name, value) };
        break;
      case '--connections':
        options = { ...options, connections: whole(name, value) };
        break;
      case '--sizes':
        options = {
          ...options,
          sizes: numbers()
            .map((size) => whole(name, String(size)))
            .sort((a, b) => a - b),
        };
        break;
      case '--postgres-sizes':
        options = {
          ...options,
          postgresSizes:
            value === 'none'
              ? []
              : numbers()
                  .map((size) => whole(name, String(size)))
                  .sort((a, b) => a - b),
        };
        break;
      case '--memory-requests': {
        const [first, last] = numbers();
        if (first === undefined || last === undefined || !(last > first)) throw new Error(`${name} takes two counts, the second larger`);
        options = { ...options, memoryRequests: [whole(name, String(first)), whole(name, String(last))] };
        break;
      }
      case '--access-log':
        if (value !== 'on' && value !== 'off') throw new Error(`${name} is on or off`);
        options = { ...options, accessLog: value };
        break;
      case '--out':
        options = { ...options, out: value };
        break;
      default:
        throw new Error(`unknown argument ${arg}`);
    }
  }
  return options;
}

/** `text` as a number above 0 (or at least 0); throws naming the option otherwise. */
export function positive(name: string, text: string, zeroAllowed = false): number {
  const value = Number(text);
  if (text === '' || !Number.isFinite(value) || value < 0 || (value === 0 && !zeroAllowed))
    throw new Error(`${name} needs a positive number, got ${JSON.stringify(text)}`);
  return value;
}

/** `text` as a whole number above 0; throws naming the option otherwise. */
export function whole(name: string, text: string): number {
  const value = positive(name, text);
  if (!Number.isSafeInteger(value)) throw new Error(`${name} needs a whole number, got ${JSON.stringify(text)}`);
  return value;
}
