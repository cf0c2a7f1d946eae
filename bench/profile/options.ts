import { aboutSeconds, parseCommandLine, positive, whole, type Command, type RawValues } from '../harness/command-line.js';

/** How a profile is taken. */
export interface ProfileOptions {
  readonly storage: 'memory' | 'postgres';
  readonly dogs: number;
  readonly path: string;
  readonly accept: string;
  /** Seconds of unprofiled load first, so that the profile shows the optimized code, not the start. */
  readonly warmup: number;
  readonly duration: number;
  readonly connections: number;
  /** The service to profile: this build's dist/main.js unless told. */
  readonly main: string | undefined;
  readonly top: number;
  /** Where the `.cpuprofile` is kept (for Chrome's DevTools or speedscope); by default it is not. */
  readonly keep: string | undefined;
}

const DEFAULTS = {
  storage: 'memory',
  dogs: 1_000,
  path: '/doggies/?limit=100',
  accept: 'application/json; version=2.1.0',
  warmup: 5,
  duration: 10,
  connections: 10,
  top: 15,
} as const;

function read(values: RawValues): ProfileOptions {
  const text = (name: string): string | undefined => values[name] as string | undefined;
  const number = (name: string, parse: (name: string, value: string) => number, fallback: number): number => {
    const value = text(name);
    return value === undefined ? fallback : parse(name, value);
  };
  const storage = text('storage') ?? DEFAULTS.storage;
  if (storage !== 'memory' && storage !== 'postgres') throw new Error('--storage is memory or postgres');
  const path = text('path') ?? DEFAULTS.path;
  if (!path.startsWith('/')) throw new Error('--path takes a path starting with /');
  const main = text('main');
  if (main === '') throw new Error('--main needs the path of a main.js');
  const keep = text('keep');
  if (keep === '') throw new Error('--keep needs a file name');
  return {
    storage,
    dogs: number('dogs', whole, DEFAULTS.dogs),
    path,
    accept: text('accept') ?? DEFAULTS.accept,
    warmup: number('warmup', (name, value) => positive(name, value, true), DEFAULTS.warmup),
    duration: number('duration', positive, DEFAULTS.duration),
    connections: number('connections', whole, DEFAULTS.connections),
    main,
    top: number('top', whole, DEFAULTS.top),
    keep,
  };
}

export const PROFILE_COMMAND: Command<ProfileOptions> = {
  usage: 'npm run profile -- [--storage=memory|postgres] [--path=P] [--duration=S] [--main=PATH/TO/main.js] [--top=N] ... (--help for all)',
  summary:
    'A CPU profile (node --cpu-prof) of the service under one request: warmed up, then profiled under load, stopped; ' +
    'prints the functions with the most self time as a Markdown table. With --storage=postgres, a database of its own on DATABASE_URL.',
  options: {
    storage: { type: 'string', value: 'memory|postgres', default: DEFAULTS.storage, help: 'where the dogs are kept' },
    dogs: { type: 'string', value: 'N', default: `${DEFAULTS.dogs}`, help: 'dogs in the data file (or database)' },
    path: { type: 'string', value: 'P', default: DEFAULTS.path, help: 'the request profiled' },
    accept: { type: 'string', value: 'A', default: DEFAULTS.accept, help: 'its Accept header' },
    warmup: { type: 'string', value: 'S', default: `${DEFAULTS.warmup}`, help: 'seconds of load before the profile starts' },
    duration: { type: 'string', value: 'S', default: `${DEFAULTS.duration}`, help: 'seconds of profiled load' },
    connections: { type: 'string', value: 'N', default: `${DEFAULTS.connections}`, help: 'concurrent keep-alive connections' },
    main: { type: 'string', value: 'PATH', default: "this build's dist/main.js", help: 'the service to profile (another build, to compare)' },
    top: { type: 'string', value: 'N', default: `${DEFAULTS.top}`, help: 'frames listed' },
    keep: { type: 'string', value: 'FILE', help: 'keep the .cpuprofile there (open it in Chrome DevTools or speedscope)' },
  },
  read,
  runTime: (options) =>
    `${aboutSeconds(options.warmup + options.duration + 3 + (options.storage === 'postgres' ? 3 + options.dogs / 20_000 : 0))} with these options`,
};

/** The options from command-line arguments; throws UsageError on an unknown or malformed one. */
export function parseProfileOptions(args: readonly string[]): ProfileOptions {
  return parseCommandLine(PROFILE_COMMAND, args).options;
}
