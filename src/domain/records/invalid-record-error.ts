import { DomainError } from '../errors/domain-error.js';

/** A record, or one of its fields, breaks the record's rules. */
export class InvalidRecordError extends DomainError {
  readonly code = 'invalid_record';

  constructor(
    readonly field: string | undefined,
    readonly reason: string,
  ) {
    super(field === undefined ? reason : `${field}: ${reason}`);
  }
}
