import { DomainError } from '../../domain/errors/domain-error.js';

/** Something the service needs (its database) does not answer; the request may succeed when retried later. */
export class DependencyUnavailableError extends DomainError {
  readonly code = 'dependency_unavailable';

  constructor(
    readonly dependency: string,
    options?: ErrorOptions,
  ) {
    super(`The ${dependency} is unavailable.`);
    if (options?.cause !== undefined) this.cause = options.cause;
  }
}
