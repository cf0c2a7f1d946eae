/**
 * What refuses the start (a wrong setting, data file or version declaration): the process prints its message and
 * exits, and no client is ever answered with it. `code` is stable.
 */
export class StartupError extends Error {
  readonly code: string = 'startup_refused';

  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}
