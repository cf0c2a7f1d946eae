import { DomainError } from '../../../domain/errors/domain-error.js';
import { describeReceived } from '../../../domain/versioning/version-error-text.js';

/**
 * The request header that names a version beside Accept's `version` parameter, as GitHub's `X-GitHub-Api-Version` and
 * Stripe's `Stripe-Version` do: each version's OpenAPI document declares it, so a generated client sends it.
 */
export const API_VERSION_HEADER = 'Api-Version';

/** Accept and Api-Version name different versions: which one the client meant cannot be known. */
export class AmbiguousVersionError extends DomainError {
  readonly code = 'ambiguous_version';

  constructor(fromAccept: string, fromHeader: string) {
    super(
      `The Accept header names version ${describeReceived(fromAccept)} and the ${API_VERSION_HEADER} header names ${describeReceived(fromHeader)}: ` +
        'name one version, in either or in both.',
    );
  }
}
