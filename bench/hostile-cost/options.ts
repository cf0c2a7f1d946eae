import { whole } from '../harness/options.js';

/** How a hostile-cost run is shaped; `--smoke` is CI's short run. */
export interface HostileCostOptions {
  readonly smoke: boolean;
  /** Sizes of the hostile part of each request, smallest first; the growth exponent is taken over the last two. */
  readonly sizes: readonly [number, number, number];
  readonly budgetBytes: number;
  readonly minRequests: number;
  readonly maxRequests: number;
  readonly timeoutMs: number;
  /** The slowest a request of the largest size may be; 0: not judged. */
  readonly largestLimitMs: number;
  /** The service to measure: this build's dist/main.js unless told. */
  readonly main: string | undefined;
  readonly out: string;
}

/** The largest growth exponent a shape may show between the last two sizes; 1 is linear. */
export const MAX_EXPONENT = 1.5;

/** 1 KB, 16 KB and 1 MB, each leaving room in MAX_HEADER_SIZE=1048576 for the rest of the request. */
const FULL: HostileCostOptions = {
  smoke: false,
  sizes: [1_000, 16_000, 1_040_000],
  budgetBytes: 16_000_000,
  minRequests: 8,
  maxRequests: 3_000,
  timeoutMs: 10_000,
  largestLimitMs: 250,
  main: undefined,
  out: 'bench-results.hostile.json',
};

/** Sizes 64 × apart at the top, small enough for CI; judged on the exponent only. */
const SMOKE: HostileCostOptions = {
  ...FULL,
  smoke: true,
  sizes: [250, 1_000, 64_000],
  budgetBytes: 2_000_000,
  minRequests: 8,
  maxRequests: 1_000,
  largestLimitMs: 0,
  out: 'bench-results.hostile.smoke.json',
};

export const USAGE = 'npm run hostile-cost -- [--smoke] [--sizes=1000,16000,1040000] [--budget=BYTES] [--main=PATH/TO/main.js] [--out=FILE]';

/** The options from command-line arguments; throws on an unknown or malformed one. */
export function parseHostileCostOptions(args: readonly string[]): HostileCostOptions {
  let options = args.includes('--smoke') ? SMOKE : FULL;
  for (const arg of args) {
    if (arg === '--smoke') continue;
    const equals = arg.indexOf('=');
    const name = equals < 0 ? arg : arg.slice(0, equals);
    const value = equals < 0 ? '' : arg.slice(equals + 1);
    switch (name) {
      case '--sizes': {
        const sizes = value.split(',').map((part) => whole(name, part));
        const [a, b, c] = sizes;
        if (sizes.length !== 3 || a === undefined || b === undefined || c === undefined || !(a < b && b < c)) {
          throw new Error(`${name} takes three sizes, each larger than the one before`);
        }
        options = { ...options, sizes: [a, b, c] };
        break;
      }
      case '--budget':
        options = { ...options, budgetBytes: whole(name, value) };
        break;
      case '--main':
        if (value === '') throw new Error(`${name} needs the path of a main.js`);
        options = { ...options, main: value };
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
