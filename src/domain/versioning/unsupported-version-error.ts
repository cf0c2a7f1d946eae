import { DomainError } from '../errors/domain-error.js';
import { describeReceived, listSupported } from './version-error-text.js';

/** A well-formed version that is not in the supported list. */
export class UnsupportedVersionError extends DomainError {
  readonly code = 'unsupported_version';

  constructor(
    readonly received: string,
    supported: readonly { toString(): string }[],
  ) {
    super(`Unsupported version ${describeReceived(received)}.${listSupported(supported)}`);
  }
}
