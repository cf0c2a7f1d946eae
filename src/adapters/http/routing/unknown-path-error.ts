import { DomainError } from '../../../domain/errors/domain-error.js';

/** No route has the request's path (nor its slash form): a 404 like every other "not found". */
export class UnknownPathError extends DomainError {
  readonly code = 'not_found';

  constructor() {
    super('No resource has that path.');
  }
}
