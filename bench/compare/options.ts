import { positive, whole } from '../harness/options.js';

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
  /** Also measure a bare node:http server replaying the first variant's response. */
  readonly bare: boolean;
  /**
   * For each, one more bare server that spends that many µs of CPU on each request before it answers:
   * what so much added work costs per request in this setup, to read the variants' differences by.
   */
  readonly bareWork: readonly number[];
  readonly variants: readonly Variant[];
}

export const USAGE = `node dist/bench/cpu-compare.js [--processes=N] [--rounds=N] [--duration=S] [--warmup=S] [--connections=N]
       [--path=/doggies/1/] [--accept='application/json; version=2.1.0'] [--no-bare] [--bare-work=MICROS,...] [--variant=NAME:MAIN_JS[:KEY=VALUE]...]...
  A variant's path may not hold ':'. --bare-work adds a bare server per figure that spends so many µs of CPU a request. Without --variant: the service here with ACCESS_LOG on, and with it off.`;

/** The options from command-line arguments; `here` is this build's dist/main.js, the default variants' script. Throws on a bad one. */
export function parseCompareOptions(args: readonly string[], here: string): CompareOptions {
  let options: Omit<CompareOptions, 'variants'> = {
    processes: 4,
    rounds: 3,
    duration: 3,
    warmup: 1,
    connections: 50,
    path: '/doggies/1/',
    accept: 'application/json; version=2.1.0',
    bare: true,
    bareWork: [],
  };
  const variants: Variant[] = [];
  for (const arg of args) {
    if (arg === '--no-bare') {
      options = { ...options, bare: false };
      continue;
    }
    const equals = arg.indexOf('=');
    const name = equals < 0 ? arg : arg.slice(0, equals);
    const value = equals < 0 ? '' : arg.slice(equals + 1);
    switch (name) {
      case '--processes':
        options = { ...options, processes: whole(name, value) };
        break;
      case '--rounds':
        options = { ...options, rounds: whole(name, value) };
        break;
      case '--duration':
        options = { ...options, duration: positive(name, value) };
        break;
      case '--warmup':
        options = { ...options, warmup: positive(name, value, true) };
        break;
      case '--connections':
        options = { ...options, connections: whole(name, value) };
        break;
      case '--path':
        if (!value.startsWith('/')) throw new Error(`${name} takes a path starting with /`);
        options = { ...options, path: value };
        break;
      case '--accept':
        options = { ...options, accept: value };
        break;
      case '--variant':
        variants.push(parseVariant(value));
        break;
      case '--bare-work':
        options = { ...options, bareWork: value.split(',').map((micros) => positive(name, micros)) };
        break;
      default:
        throw new Error(`unknown argument ${arg}`);
    }
  }
  if (!options.bare && options.bareWork.length > 0) throw new Error('--bare-work needs the bare server: drop --no-bare');
  const names = [...variants.map((variant) => variant.name), ...bareServers(options).map((bare) => bare.name)];
  const doubled = names.find((name, index) => names.indexOf(name) !== index);
  if (doubled !== undefined) throw new Error(`two variants are named ${doubled}`);
  return {
    ...options,
    variants:
      variants.length > 0
        ? variants
        : [
            { name: 'log-on', main: here, env: { ACCESS_LOG: 'on' } },
            { name: 'log-off', main: here, env: { ACCESS_LOG: 'off' } },
          ],
  };
}

/** The bare servers to measure, each with its name in the report and the µs of CPU it spends a request (0: none). */
export function bareServers(options: Pick<CompareOptions, 'bare' | 'bareWork'>): { readonly name: string; readonly micros: number }[] {
  if (!options.bare) return [];
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
