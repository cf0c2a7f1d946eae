import { aboutSeconds, parseCommandLine, positive, whole, type Command, type RawValues } from '../harness/command-line.js';
import { MEMOS } from '../harness/forgetful-parts.js';
import { SERVICE_WITHOUT_MEMOS } from '../harness/service-launch.js';

/** One way of running the service: a `main.js` of some build, and settings over the bench's environment. */
export interface Variant {
  readonly name: string;
  readonly main: string;
  readonly env: Readonly<Record<string, string>>;
}

/** How a comparison is shaped. */
export interface CompareOptions {
  /** Processes started for each variant (and for the bare server). */
  readonly processes: number;
  /** Times each process is measured; every round measures every process once, variants interleaved. */
  readonly rounds: number;
  /** Seconds of each measured run. */
  readonly duration: number;
  /** Seconds of unmeasured load right before each measured run. */
  readonly warmup: number;
  readonly connections: number;
  readonly path: string;
  readonly accept: string;
  /** Also measure a bare server: replaying the first variant's response, or on PostgreSQL the one-statement node:http + pg one. */
  readonly bare: boolean;
  /**
   * For each, one more bare server that spends that many µs of CPU on each request before it answers:
   * what so much added work costs per request in this setup, to read the variants' differences by.
   */
  readonly bareWork: readonly number[];
  /** Where the service keeps its dogs: the data file in memory, or a database of the compare's own (needs DATABASE_URL). */
  readonly storage: 'memory' | 'postgres';
  readonly dogs: number;
  readonly variants: readonly Variant[];
}

const DEFAULTS = {
  processes: 4,
  rounds: 3,
  duration: 3,
  warmup: 1,
  connections: 50,
  path: '/doggies/1/',
  accept: 'application/json; version=2.1.0',
  dogs: 1_000,
} as const;

/** The options from parseArgs' values; `here` is this build's dist/main.js, the default variants' script. Throws on a bad one. */
function read(values: RawValues, here: string): CompareOptions {
  const text = (name: string): string | undefined => values[name] as string | undefined;
  const number = (name: string, parse: (name: string, value: string) => number, fallback: number): number => {
    const value = text(name);
    return value === undefined ? fallback : parse(name, value);
  };
  const path = text('path') ?? DEFAULTS.path;
  if (!path.startsWith('/')) throw new Error('--path takes a path starting with /');
  const storage = text('storage') ?? 'memory';
  if (storage !== 'memory' && storage !== 'postgres') throw new Error('--storage is memory or postgres');
  const caches = text('caches');
  if (caches !== undefined && caches !== 'each') throw new Error('--caches takes each');
  const given = ((values['variant'] as readonly string[] | undefined) ?? []).map(parseVariant);
  if (caches !== undefined && given.length > 0) throw new Error('--caches=each makes the variants: give it or --variant, not both');
  const bareWork =
    text('bare-work')
      ?.split(',')
      .map((micros) => positive('bare-work', micros)) ?? [];
  const options = {
    processes: number('processes', whole, DEFAULTS.processes),
    rounds: number('rounds', whole, DEFAULTS.rounds),
    duration: number('duration', positive, DEFAULTS.duration),
    warmup: number('warmup', (name, value) => positive(name, value, true), DEFAULTS.warmup),
    connections: number('connections', whole, DEFAULTS.connections),
    path,
    accept: text('accept') ?? DEFAULTS.accept,
    bare: values['no-bare'] !== true,
    bareWork,
    storage,
    dogs: number('dogs', whole, DEFAULTS.dogs),
  } as const;
  if (!options.bare && bareWork.length > 0) throw new Error('--bare-work needs the bare server: drop --no-bare');
  if (storage === 'postgres' && bareWork.length > 0) throw new Error('--bare-work needs the in-memory bare server: drop --storage=postgres');
  const variants =
    caches === 'each'
      ? [
          { name: 'all-caches', main: SERVICE_WITHOUT_MEMOS, env: { ACCESS_LOG: 'off', BENCH_WITHOUT_MEMOS: '' } },
          // The reference serves collections only: no operation of a team's own whose answers to turn off.
          ...MEMOS.filter((memo) => memo !== 'operations' && (storage === 'postgres' || memo !== 'rows')).map((memo) => ({
            name: `no-${memo}`,
            main: SERVICE_WITHOUT_MEMOS,
            env: { ACCESS_LOG: 'off', BENCH_WITHOUT_MEMOS: memo },
          })),
        ]
      : given.length > 0
        ? given
        : [
            { name: 'log-on', main: here, env: { ACCESS_LOG: 'on' } },
            { name: 'log-off', main: here, env: { ACCESS_LOG: 'off' } },
          ];
  const names = [...variants.map((variant) => variant.name), ...bareServers(options).map((bare) => bare.name)];
  const doubled = names.find((name, index) => names.indexOf(name) !== index);
  if (doubled !== undefined) throw new Error(`two variants are named ${doubled}`);
  return { ...options, variants };
}

/** A bare server to measure: its name in the report, the µs of CPU it spends a request (0: none), or on PostgreSQL its statements a list. */
export interface BareServer {
  readonly name: string;
  readonly micros: number;
  readonly statements?: 'one' | 'two';
}

/** The bare servers to measure; on PostgreSQL the one-statement limit and the two-statement server beside it. */
export function bareServers(options: Pick<CompareOptions, 'bare' | 'bareWork'> & Partial<Pick<CompareOptions, 'storage'>>): BareServer[] {
  if (!options.bare) return [];
  if (options.storage === 'postgres') {
    return [
      { name: 'bare', micros: 0, statements: 'one' },
      { name: 'bare-2-statements', micros: 0, statements: 'two' },
    ];
  }
  return [{ name: 'bare', micros: 0 }, ...options.bareWork.map((micros) => ({ name: `bare+${micros}us`, micros }))];
}

/** `NAME:MAIN_JS[:KEY=VALUE]...` */
function parseVariant(text: string): Variant {
  const [name = '', main = '', ...settings] = text.split(':');
  if (!/^[\w.-]+$/.test(name) || main === '') throw new Error(`--variant takes NAME:MAIN_JS[:KEY=VALUE]..., not ${JSON.stringify(text)}`);
  const env: Record<string, string> = {};
  for (const setting of settings) {
    const equals = setting.indexOf('=');
    if (equals < 1) throw new Error(`--variant ${name}: ${JSON.stringify(setting)} is not KEY=VALUE`);
    env[setting.slice(0, equals)] = setting.slice(equals + 1);
  }
  return { name, main, env };
}

/** Seconds a comparison takes: every process measured every round, after its warm-up, plus the starts (and a database's load). */
export function compareSeconds(options: CompareOptions): number {
  const servers = options.processes * (options.variants.length + bareServers(options).length);
  const load = options.storage === 'postgres' ? 3 + options.dogs / 20_000 : 0;
  return load + servers * (1 + options.rounds * (options.warmup + options.duration + 0.3));
}

/** `npm run compare`; `here` is this build's dist/main.js. */
export function compareCommand(here: string): Command<CompareOptions> {
  return {
    usage:
      'npm run compare -- [--variant=NAME:MAIN_JS[:KEY=VALUE]...]... | [--caches=each] [--storage=memory|postgres] [--path=P] ... (--help for all)',
    summary:
      'The CPU time per request of several builds or settings of the service under one request, each variant in several processes, ' +
      'every round measuring each process once, the variants interleaved; a bare server beside them. Linux only (/proc).',
    options: {
      variant: {
        type: 'string',
        multiple: true,
        value: 'NAME:MAIN_JS[:KEY=VALUE]...',
        default: 'this build with ACCESS_LOG on, and off',
        help: "a build and settings to measure (its path may not hold ':'; KEY= leaves KEY unset, as DATA_FILE= for an API of its own store)",
      },
      caches: {
        type: 'string',
        value: 'each',
        help: 'the variants are this build composed with every cache, and with each one in turn turned off, its size 0 (harness/service-without-memos.ts; rows only on PostgreSQL), ACCESS_LOG off',
      },
      storage: {
        type: 'string',
        value: 'memory|postgres',
        default: 'memory',
        help: 'postgres: a database of its own on DATABASE_URL, loaded with load-data',
      },
      dogs: { type: 'string', value: 'N', default: `${DEFAULTS.dogs}`, help: 'dogs in the data file (or database)' },
      path: { type: 'string', value: 'P', default: DEFAULTS.path, help: 'the request measured' },
      accept: { type: 'string', value: 'A', default: DEFAULTS.accept, help: 'its Accept header' },
      processes: { type: 'string', value: 'N', default: `${DEFAULTS.processes}`, help: 'processes per variant (and per bare server)' },
      rounds: { type: 'string', value: 'N', default: `${DEFAULTS.rounds}`, help: 'times each process is measured' },
      duration: { type: 'string', value: 'S', default: `${DEFAULTS.duration}`, help: 'seconds of each measured run' },
      warmup: { type: 'string', value: 'S', default: `${DEFAULTS.warmup}`, help: 'seconds of unmeasured load right before each run' },
      connections: { type: 'string', value: 'N', default: `${DEFAULTS.connections}`, help: 'concurrent keep-alive connections' },
      'no-bare': { type: 'boolean', help: 'no bare server' },
      'bare-work': {
        type: 'string',
        value: 'MICROS,...',
        help: 'one more bare server per figure, spending so many µs of CPU a request before it answers (memory only)',
      },
    },
    read: (values) => read(values, here),
    runTime: (options) =>
      `${aboutSeconds(compareSeconds(options))} with these options (${options.processes * (options.variants.length + bareServers(options).length)} processes × ${options.rounds} rounds × ${options.warmup + options.duration} s, plus starts)`,
  };
}

/** The options from command-line arguments; `here` is this build's dist/main.js. Throws UsageError on a bad one. */
export function parseCompareOptions(args: readonly string[], here: string): CompareOptions {
  return parseCommandLine(compareCommand(here), args).options;
}
