import { aboutSeconds, parseCommandLine, positive, whole, type Command, type RawValues } from '../harness/command-line.js';

/** How a soak run is shaped. */
export interface SoakOptions {
  /** Seconds of load before the shutdown phase. */
  readonly duration: number;
  readonly connections: number;
  /** The service's DRAIN_TIMEOUT_MS, which its exit under load must meet. */
  readonly drainTimeoutMs: number;
  /** Seed of the request mix. */
  readonly seed: number;
}

const DEFAULTS: SoakOptions = { duration: 60, connections: 64, drainTimeoutMs: 10_000, seed: 1 };
/** Seconds after the load: the service's start, 2 s of load before SIGTERM, and its drain. */
const AROUND_SECONDS = 5;

function read(values: RawValues): SoakOptions {
  const text = (name: string): string | undefined => values[name] as string | undefined;
  const duration = text('duration') === undefined ? DEFAULTS.duration : positive('duration', text('duration') as string);
  if (duration < 2) throw new Error('--duration needs at least 2 seconds');
  return {
    duration,
    connections: text('connections') === undefined ? DEFAULTS.connections : whole('connections', text('connections') as string),
    drainTimeoutMs: text('drain-timeout') === undefined ? DEFAULTS.drainTimeoutMs : whole('drain-timeout', text('drain-timeout') as string),
    seed: text('seed') === undefined ? DEFAULTS.seed : whole('seed', text('seed') as string),
  };
}

export const SOAK_COMMAND: Command<SoakOptions> = {
  usage: 'npm run soak -- [--duration=S] [--connections=N] [--drain-timeout=MS] [--seed=N]',
  summary:
    'The service under a keep-alive load of every endpoint and version with 10 % bad requests, then SIGTERM under load; ' +
    'prints statuses by class, socket errors, memory and the shutdown; exit code 1 when a check fails.',
  options: {
    duration: { type: 'string', value: 'S', default: `${DEFAULTS.duration}`, help: 'seconds of load before the shutdown phase (at least 2)' },
    connections: { type: 'string', value: 'N', default: `${DEFAULTS.connections}`, help: 'concurrent keep-alive connections' },
    'drain-timeout': { type: 'string', value: 'MS', default: `${DEFAULTS.drainTimeoutMs}`, help: "the service's DRAIN_TIMEOUT_MS" },
    seed: { type: 'string', value: 'N', default: `${DEFAULTS.seed}`, help: 'seed of the request mix' },
  },
  read,
  runTime: (options) => `${aboutSeconds(options.duration + AROUND_SECONDS)} with these options (the load, then the start and the shutdown phase)`,
};

/** The options from command-line arguments; throws UsageError on an unknown or malformed one. */
export function parseSoakOptions(args: readonly string[]): SoakOptions {
  return parseCommandLine(SOAK_COMMAND, args).options;
}
