import { DomainError } from '../../domain/errors/domain-error.js';

/** A page request whose limit or offset is out of range or not a whole number. */
export class InvalidPageError extends DomainError {
  readonly code = 'invalid_page';
}
