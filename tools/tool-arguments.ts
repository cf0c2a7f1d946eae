import { parseArgs, type ParseArgsConfig } from 'node:util';

/** The exit code of a command line that cannot be read, as POSIX utilities use. */
export const USAGE_EXIT_CODE = 2;

/** Says why a command line is refused, and the usage, on stderr, then exits 2. */
export function refuseCommandLine(problem: string, usage: string): never {
  process.stderr.write(`${problem}\n${usage}\n`);
  process.exit(USAGE_EXIT_CODE);
}

/** The process's arguments read by node's parseArgs; an unknown option or argument is refused, naming it, with `usage`. */
export function toolArguments<T extends Omit<ParseArgsConfig, 'args' | 'strict'>>(config: T, usage: string): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs(config);
  } catch (error) {
    return refuseCommandLine((error as Error).message, usage);
  }
}
