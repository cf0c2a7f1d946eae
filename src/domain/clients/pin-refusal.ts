import { DomainError } from '../errors/domain-error.js';

/** A pin change to an older version than the pin that is not the rollback still open: 409. */
export class PinConflictError extends DomainError {
  readonly code = 'pin_conflict';
}

/** A pin change to a version that is malformed, unknown or not served: 422, naming it. */
export class InvalidPinError extends DomainError {
  readonly code = 'invalid_pin';
}

/** Why a client's own pin change is refused. */
export type PinRefusal = PinConflictError | InvalidPinError;
