import { DomainError } from '../../domain/errors/domain-error.js';

/** A setting or the data file is wrong: the service refuses to start, and the message says which and why. */
export class StartupError extends DomainError {
  readonly code = 'startup_refused';
}
