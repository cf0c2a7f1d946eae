import { HOSTILE_SHAPES } from './shapes.js';
import { aboutSeconds, parseCommandLine, whole, type Command, type RawValues } from '../harness/command-line.js';

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

function read(values: RawValues): HostileCostOptions {
  let options = values['smoke'] === true ? SMOKE : FULL;
  const sizes = values['sizes'] as string | undefined;
  if (sizes !== undefined) {
    const parsed = sizes.split(',').map((part) => whole('sizes', part));
    const [a, b, c] = parsed;
    if (parsed.length !== 3 || a === undefined || b === undefined || c === undefined || !(a < b && b < c)) {
      throw new Error('--sizes takes three sizes, each larger than the one before');
    }
    options = { ...options, sizes: [a, b, c] };
  }
  const budget = values['budget'] as string | undefined;
  if (budget !== undefined) options = { ...options, budgetBytes: whole('budget', budget) };
  const main = values['main'] as string | undefined;
  if (main !== undefined) {
    if (main === '') throw new Error('--main needs the path of a main.js');
    options = { ...options, main };
  }
  const out = values['out'] as string | undefined;
  if (out !== undefined) {
    if (out === '') throw new Error('--out needs a file name');
    options = { ...options, out };
  }
  return options;
}

/** Seconds per shape and size at the default budgets, and for the service's start and warm-up: measured on a loaded 2-core machine. */
const SECONDS_PER_SHAPE_SIZE = { full: 0.15, smoke: 0.06 } as const;
const START_SECONDS = 2;

export const HOSTILE_COST_COMMAND: Command<HostileCostOptions> = {
  usage: 'npm run hostile-cost -- [--smoke] [--sizes=A,B,C] [--budget=BYTES] [--main=PATH/TO/main.js] [--out=FILE]',
  summary:
    "What each hostile request shape costs the service's main thread at three sizes, the growth exponent over the last two, " +
    `and the slowest ordinary request meanwhile; exit code 1 when a shape grows faster than an exponent of ${MAX_EXPONENT}. Linux only.`,
  options: {
    smoke: { type: 'boolean', help: `CI's short run: sizes ${SMOKE.sizes.join(',')}, judged on the exponent only` },
    sizes: {
      type: 'string',
      value: 'A,B,C',
      default: `${FULL.sizes.join(',')} (smoke: ${SMOKE.sizes.join(',')})`,
      help: 'the hostile part of each request, in bytes',
    },
    budget: {
      type: 'string',
      value: 'BYTES',
      default: `${FULL.budgetBytes} (smoke: ${SMOKE.budgetBytes})`,
      help: 'bytes of hostile requests per shape and size',
    },
    main: { type: 'string', value: 'PATH', default: "this build's dist/main.js", help: 'the service to measure' },
    out: { type: 'string', value: 'FILE', default: `${FULL.out} (smoke: ${SMOKE.out})`, help: 'where the JSON results go' },
  },
  read,
  runTime: (options) => {
    const perShapeSize =
      (options.smoke ? SECONDS_PER_SHAPE_SIZE.smoke : SECONDS_PER_SHAPE_SIZE.full) *
      (options.budgetBytes / (options.smoke ? SMOKE : FULL).budgetBytes);
    return `${aboutSeconds(START_SECONDS + HOSTILE_SHAPES.length * 3 * perShapeSize)} with these options (${HOSTILE_SHAPES.length} shapes × 3 sizes; the budget sets how many requests each gets)`;
  },
};

/** The options from command-line arguments; throws UsageError on an unknown or malformed one. */
export function parseHostileCostOptions(args: readonly string[]): HostileCostOptions {
  return parseCommandLine(HOSTILE_COST_COMMAND, args).options;
}
