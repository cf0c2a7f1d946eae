import { DomainError } from '../../domain/errors/domain-error.js';

/** The action is hidden at the requested version, or the record does not exist: the client cannot tell which. */
export class NotFoundError extends DomainError {
  readonly code = 'not_found';

  constructor(readonly reason: 'hidden' | 'no_record') {
    super(reason === 'hidden' ? 'The action is not available at the requested version.' : 'No record has that id.');
  }
}
