import { DomainError } from '../../domain/errors/domain-error.js';

/** `GET /client/upgrade` names no version to move to, one not served, or one not newer than the client's pin. */
export class InvalidUpgradeTargetError extends DomainError {
  readonly code = 'invalid_upgrade_target';
}
