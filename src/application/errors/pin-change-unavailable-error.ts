import { DomainError } from '../../domain/errors/domain-error.js';

/**
 * The storage cannot take a client's own pin change so that every process sees it and a restart keeps it (the
 * in-memory storage, whose clients come from CLIENTS_FILE): 409, the operator pins with `npm run clients -- pin`.
 */
export class PinChangeUnavailableError extends DomainError {
  readonly code = 'pin_change_unavailable';

  constructor() {
    super(
      'Pins are changed here only with STORAGE=postgres; with the in-memory storage an operator changes them (npm run clients -- pin NAME VERSION) and restarts the service.',
    );
  }
}
