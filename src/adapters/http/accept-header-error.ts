import { DomainError } from '../../domain/errors/domain-error.js';

/** The Accept header admits no JSON response, or names two versions on the range it picks. */
export class AcceptHeaderError extends DomainError {
  constructor(readonly code: 'unsatisfiable_accept' | 'conflicting_version', message: string) {
    super(message);
  }
}
