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
  /**
   * With --restart-database: PostgreSQL restarts this many times under the load (a private server of the soak's own,
   * the service on STORAGE=postgres); 0: the in-memory storage and no fault.
   */
  readonly restarts: number;
}

const DEFAULTS: SoakOptions = { duration: 60, connections: 64, drainTimeoutMs: 10_000, seed: 1, restarts: 0 };
/** How many restarts --restart-database makes when --restarts does not say. */
const DEFAULT_RESTARTS = 5;
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
    restarts: restartsOf(values),
  };
}

function restartsOf(values: RawValues): number {
  const given = values['restarts'] as string | undefined;
  if (values['restart-database'] !== true) {
    if (given !== undefined) throw new Error('--restarts goes with --restart-database');
    return DEFAULTS.restarts;
  }
  return given === undefined ? DEFAULT_RESTARTS : whole('restarts', given);
}

export const SOAK_COMMAND: Command<SoakOptions> = {
  usage: 'npm run soak -- [--duration=S] [--connections=N] [--drain-timeout=MS] [--seed=N] [--restart-database [--restarts=N]]',
  summary:
    'The service under a keep-alive load of every endpoint and version with 10 % bad requests, then SIGTERM under load; ' +
    'prints statuses by class, socket errors, memory and the shutdown; exit code 1 when a check fails.',
  options: {
    duration: { type: 'string', value: 'S', default: `${DEFAULTS.duration}`, help: 'seconds of load before the shutdown phase (at least 2)' },
    connections: { type: 'string', value: 'N', default: `${DEFAULTS.connections}`, help: 'concurrent keep-alive connections' },
    'drain-timeout': { type: 'string', value: 'MS', default: `${DEFAULTS.drainTimeoutMs}`, help: "the service's DRAIN_TIMEOUT_MS" },
    seed: { type: 'string', value: 'N', default: `${DEFAULTS.seed}`, help: 'seed of the request mix' },
    'restart-database': {
      type: 'boolean',
      help: 'serve from a private PostgreSQL server (initdb; needs its binaries) and restart it under the load, reporting 503s, recovery times and exits',
    },
    restarts: {
      type: 'string',
      value: 'N',
      default: `${DEFAULT_RESTARTS}`,
      help: 'with --restart-database: how many restarts, spread over the load',
    },
  },
  read,
  runTime: (options) => `${aboutSeconds(options.duration + AROUND_SECONDS)} with these options (the load, then the start and the shutdown phase)`,
};

/** The options from command-line arguments; throws UsageError on an unknown or malformed one. */
export function parseSoakOptions(args: readonly string[]): SoakOptions {
  return parseCommandLine(SOAK_COMMAND, args).options;
}
