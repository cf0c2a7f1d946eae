/** The exit code of a command line that cannot be read, as POSIX utilities use. */
export const USAGE_EXIT_CODE = 2;

/** A command line that cannot be read: said with the usage of the command, exit code 2. */
export class CommandLineError extends Error {
  override readonly name = 'CommandLineError';

  constructor(
    problem: string,
    readonly usage: string,
  ) {
    super(problem);
  }
}

/** A module named by `--api` that exports no API under the name asked: exit code 1. */
export class ApiModuleError extends Error {
  override readonly name = 'ApiModuleError';
}
