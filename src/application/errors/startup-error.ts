import { StartupFailure } from '../../domain/errors/startup-failure.js';

/** A setting or the data file is wrong: the service refuses to start, and the message says which and why. */
export class StartupError extends StartupFailure {
  readonly code = 'startup_refused';
}
