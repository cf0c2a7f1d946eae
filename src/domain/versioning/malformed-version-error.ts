import { DomainError } from '../errors/domain-error.js';
import { describeReceived, listSupported } from './version-error-text.js';

/** A version string that is not of the form MAJOR.MINOR.PATCH. */
export class MalformedVersionError extends DomainError {
  readonly code = 'malformed_version';

  constructor(
    readonly received: string,
    supported: readonly { toString(): string }[] = [],
  ) {
    super(`Malformed version ${describeReceived(received)}: a version is MAJOR.MINOR.PATCH, such as 1.0.0.${listSupported(supported)}`);
  }
}
