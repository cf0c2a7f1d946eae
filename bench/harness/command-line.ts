import { parseArgs } from 'node:util';

/** One option of a bench command: a value (`--name=VALUE` or `--name VALUE`) or a flag, and what its help says. */
export interface OptionSpec {
  readonly type: 'string' | 'boolean';
  /** May be given more than once (each value kept, in order). */
  readonly multiple?: boolean;
  /** How the help shows the value: `S`, `N`, `FILE`… */
  readonly value?: string;
  /** The default, as the help shows it. */
  readonly default?: string;
  readonly help: string;
}

/** A bench command: how it is run, what it does, its options, and how long it runs with given options. */
export interface Command<V> {
  readonly usage: string;
  readonly summary: string;
  readonly options: Readonly<Record<string, OptionSpec>>;
  /** The options from the raw values; throws naming the option on a bad one. */
  readonly read: (values: RawValues) => V;
  /** How long a run with these options takes, in words (an estimate from its durations and counts). */
  readonly runTime: (options: V) => string;
}

/** What parseArgs gave: each option's text (or texts, for a repeated one) or flag, absent when not given. */
export type RawValues = Readonly<Record<string, string | boolean | readonly string[] | undefined>>;

/** A command line a command refuses: an unknown option, a value missing or malformed. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** The options of `args`, or `help` when `--help` is among them; throws UsageError. */
export function parseCommandLine<V>(command: Command<V>, args: readonly string[]): { readonly options: V; readonly help: boolean } {
  let values: RawValues;
  try {
    const config = Object.fromEntries(
      Object.entries(command.options).map(([name, spec]) => [name, { type: spec.type, ...(spec.multiple === true ? { multiple: true } : {}) }]),
    );
    ({ values } = parseArgs({ args: [...args], options: { ...config, help: { type: 'boolean' } }, strict: true, allowPositionals: false }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  try {
    return { options: command.read(values), help: values['help'] === true };
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** The help of a command: usage, summary, each option with its default, and the run time with the options given. */
export function helpText<V>(command: Command<V>, options: V): string {
  const shown = Object.entries(command.options).map(([name, spec]) => {
    const left = `  --${name}${spec.type === 'string' ? `=${spec.value ?? 'VALUE'}` : ''}`;
    const right = `${spec.help}${spec.default === undefined ? '' : ` (default: ${spec.default})`}${spec.multiple === true ? ' May be repeated.' : ''}`;
    return `${left.padEnd(32)} ${right}`;
  });
  return [
    `usage: ${command.usage}`,
    '',
    command.summary,
    '',
    'options:',
    ...shown,
    `${'  --help'.padEnd(32)} this help`,
    '',
    `run time: ${command.runTime(options)}`,
  ].join('\n');
}

/**
 * The options of the process's command line, or the exit code after it answered: 0 for `--help` (the help on
 * stdout), 2 for a refused command line (the reason and the usage on stderr).
 */
export function commandLine<V>(command: Command<V>, args: readonly string[]): { readonly options: V } | { readonly exitCode: number } {
  try {
    const { options, help } = parseCommandLine(command, args);
    if (!help) return { options };
    process.stdout.write(`${helpText(command, options)}\n`);
    return { exitCode: 0 };
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`${error.message}\nusage: ${command.usage}\n(--help lists the options)\n`);
    return { exitCode: 2 };
  }
}

/** `text` as a number above 0 (or at least 0); throws naming the option otherwise. */
export function positive(name: string, text: string, zeroAllowed = false): number {
  const value = Number(text);
  if (text === '' || !Number.isFinite(value) || value < 0 || (value === 0 && !zeroAllowed))
    throw new Error(`--${name} needs a positive number, got ${JSON.stringify(text)}`);
  return value;
}

/** `text` as a whole number above 0; throws naming the option otherwise. */
export function whole(name: string, text: string): number {
  const value = positive(name, text);
  if (!Number.isSafeInteger(value)) throw new Error(`--${name} needs a whole number, got ${JSON.stringify(text)}`);
  return value;
}

/** A duration in seconds, in words: `about 25 min`, `about 40 s`. */
export function aboutSeconds(seconds: number): string {
  return seconds >= 90 ? `about ${Math.round(seconds / 60)} min` : `about ${Math.max(1, Math.round(seconds))} s`;
}
