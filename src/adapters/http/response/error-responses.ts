import type { UseCaseRefusal } from '../../../application/errors/use-case-refusal.js';
import { DomainError } from '../../../domain/errors/domain-error.js';
import type { BrownoutError } from '../../../domain/versioning/brownout-error.js';
import { closedObject, type JsonSchema } from '../../../domain/versioning/json-schema.js';
import type { PinRefusal } from '../../../domain/clients/pin-refusal.js';
import type { VersionRefusal } from '../../../domain/versioning/version-standing.js';
import { challengeOf, type AuthorizationRefusal } from '../request/authorization.js';
import { redactKeys } from '../../identity/api-key.js';
import type { BodyRefusal } from '../request/json-body.js';
import type { AcceptHeaderError } from '../request/accept-header-error.js';
import type { AmbiguousVersionError } from '../request/api-version-header.js';
import type { BadRequestError } from '../request/request-target.js';
import type { UnknownPathError } from '../routing/router.js';

export interface ErrorResponse {
  readonly status: number;
  readonly detail: string;
  readonly headers?: Readonly<Record<string, string>>;
}

/** Every error body: `{"detail": "…"}`, a sentence naming what is wrong. */
export const ERROR_SCHEMA: JsonSchema = closedObject({ detail: { type: 'string' } });

/** Seconds a client is asked to wait before retrying while a dependency is down. */
export const RETRY_AFTER_SECONDS = 5;

/** Every refusal of a request, from each layer: the domain's, the use cases' and the HTTP adapter's own. */
export type Refusal =
  | VersionRefusal
  | PinRefusal
  | AuthorizationRefusal
  | BodyRefusal
  | UseCaseRefusal
  | AcceptHeaderError
  | AmbiguousVersionError
  | BadRequestError
  | UnknownPathError;

/** The code of every refusal: the table below answers each, and only these. */
export type ErrorCode = Refusal['code'];

// A refusal may echo what the client sent (a version, a field): a key sent by mistake is never echoed back.
const messageOf = (error: DomainError): string => redactKeys(error.message);

/** Each error code the service answers on purpose, with its status and `detail`. */
const RESPONSES = {
  not_found: () => ({ status: 404, detail: 'Not found.' }),
  malformed_version: (error) => ({ status: 406, detail: messageOf(error) }),
  unsupported_version: (error) => ({ status: 406, detail: messageOf(error) }),
  unsatisfiable_accept: (error) => ({ status: 406, detail: messageOf(error) }),
  conflicting_version: (error) => ({ status: 406, detail: messageOf(error) }),
  unknown_accept_parameter: (error) => ({ status: 406, detail: messageOf(error) }),
  invalid_accept_weight: (error) => ({ status: 406, detail: messageOf(error) }),
  retired_version: (error) => ({ status: 410, detail: messageOf(error) }),
  version_brownout: (error) => ({
    status: 410,
    detail: messageOf(error),
    headers: { 'Retry-After': String((error as BrownoutError).retryAfterSeconds) },
  }),
  invalid_page: (error) => ({ status: 400, detail: messageOf(error) }),
  bad_request: (error) => ({ status: 400, detail: messageOf(error) }),
  accept_over_limit: (error) => ({ status: 400, detail: messageOf(error) }),
  ambiguous_version: (error) => ({ status: 400, detail: messageOf(error) }),
  pin_change_unavailable: (error) => ({ status: 409, detail: messageOf(error) }),
  pin_conflict: (error) => ({ status: 409, detail: messageOf(error) }),
  invalid_pin: (error) => ({ status: 422, detail: messageOf(error) }),
  invalid_upgrade_target: (error) => ({ status: 422, detail: messageOf(error) }),
  invalid_token: (error) => ({ status: 401, detail: messageOf(error), headers: { 'WWW-Authenticate': challengeOf('invalid_token') } }),
  missing_token: (error) => ({ status: 401, detail: messageOf(error), headers: { 'WWW-Authenticate': challengeOf('missing_token') } }),
  invalid_authorization: (error) => ({
    status: 400,
    detail: messageOf(error),
    headers: { 'WWW-Authenticate': challengeOf('invalid_authorization') },
  }),
  malformed_body: (error) => ({ status: 400, detail: messageOf(error) }),
  // The rest of the body is never read: the connection closes after the answer.
  body_too_large: (error) => ({ status: 413, detail: messageOf(error), headers: { Connection: 'close' } }),
  unsupported_media_type: (error) => ({ status: 415, detail: messageOf(error) }),
  dependency_unavailable: () => ({ status: 503, detail: 'Service unavailable.', headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) } }),
} as const satisfies Record<ErrorCode, (error: DomainError) => ErrorResponse>;

export const SERVER_ERROR: ErrorResponse = { status: 500, detail: 'A server error occurred.' };

/** A refusal known only by its code: what the published documents ask the table. */
class CodeOnly extends DomainError {
  constructor(readonly code: string) {
    super('');
  }
}

/** The status and headers an error code is answered with, for the published documents; undefined for a code the table does not hold. */
export function answerTo(code: string): Omit<ErrorResponse, 'detail'> | undefined {
  const response = errorResponseFor(new CodeOnly(code));
  return response === undefined ? undefined : { status: response.status, ...(response.headers === undefined ? {} : { headers: response.headers }) };
}

/** The response for an error, or undefined when it is unexpected (a logged 500). */
export function errorResponseFor(error: unknown): ErrorResponse | undefined {
  if (!(error instanceof DomainError) || !Object.hasOwn(RESPONSES, error.code)) return undefined;
  const respond: (error: DomainError) => ErrorResponse = RESPONSES[error.code as ErrorCode];
  return respond(error);
}
