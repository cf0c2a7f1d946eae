import { DomainError } from '../../../domain/errors/domain-error.js';

/** A request that is valid to node's parser but not to HTTP/1.1 (RFC 9112), such as a missing or doubled Host. */
export class BadRequestError extends DomainError {
  readonly code = 'bad_request';
}
