import { DomainError } from '../../../domain/errors/domain-error.js';

/** The Accept header admits no JSON response, names two versions or an unknown parameter on the range it picks, gives a JSON range a bad q-value, or is longer than it is read. */
export class AcceptHeaderError extends DomainError {
  constructor(
    readonly code: 'unsatisfiable_accept' | 'conflicting_version' | 'unknown_accept_parameter' | 'invalid_accept_weight' | 'accept_over_limit',
    message: string,
  ) {
    super(message);
  }
}
