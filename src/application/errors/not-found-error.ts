import { DomainError } from '../../domain/errors/domain-error.js';

export type NotFoundReason = 'hidden' | 'no_record';

const MESSAGES: Readonly<Record<NotFoundReason, string>> = {
  hidden: 'The action is not available at the requested version.',
  no_record: 'No record has that id.',
};

/** The action is hidden at the requested version, or the record does not exist: the client cannot tell which. */
export class NotFoundError extends DomainError {
  readonly code = 'not_found';

  constructor(readonly reason: NotFoundReason) {
    super(MESSAGES[reason]);
  }
}
