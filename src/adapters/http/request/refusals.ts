import { Refusal } from '../../../domain/errors/refusal.js';
import type { UseCaseRefusal } from '../../../application/errors/refusals.js';
import type { BrownoutError, PinRefusal, RetiredVersionError, VersionRefusal } from '../../../domain/versioning/refusals.js';
import { describeReceived, type SelectedBy } from '../../../domain/versioning/version-error-text.js';
import { closedObject, type JsonSchema } from '../../../domain/versioning/json-schema.js';
import { redactKeys } from '../../identity/api-key.js';
import { API_VERSION_HEADER } from './api-version-header.js';

/**
 * The HTTP adapter's refusals, then the status, `detail` and headers every refusal of a request is answered with,
 * whichever layer refused it: one line a code.
 */

/** The Accept header admits no JSON response, names two versions or an unknown parameter on the range it picks, gives a JSON range a bad q-value, or is longer than it is read. */
export class AcceptHeaderError extends Refusal {
  constructor(
    readonly code: 'unsatisfiable_accept' | 'conflicting_version' | 'unknown_accept_parameter' | 'invalid_accept_weight' | 'accept_over_limit',
    message: string,
  ) {
    super(message);
  }
}

/** Where a request names its version: Accept's `version` parameter, the Api-Version header, the query's `version`. */
const VERSION_SOURCES = { accept: 'Accept header', header: `${API_VERSION_HEADER} header`, query: 'query parameter "version"' } as const;
export type VersionSource = keyof typeof VERSION_SOURCES;

/** Two of Accept, Api-Version and the query name different versions: which one the client meant cannot be known. */
export class AmbiguousVersionError extends Refusal {
  readonly code = 'ambiguous_version';

  constructor(first: string, second: string, [named, then]: readonly [VersionSource, VersionSource] = ['accept', 'header']) {
    super(
      `The ${VERSION_SOURCES[named]} names version ${describeReceived(first)} and the ${VERSION_SOURCES[then]} names ${describeReceived(second)}: ` +
        'name one version, in either or in both.',
    );
  }
}

/** A request that is valid to node's parser but not to HTTP/1.1 (RFC 9112), such as a missing or doubled Host. */
export class BadRequestError extends Refusal {
  readonly code = 'bad_request';
}

/** node's error codes for what its parser refuses (`clientError`), by the refusal each is; any other is unreadable_request. */
const PARSER_REFUSALS: ReadonlyMap<string | undefined, UnreadableRequestError['code']> = new Map([
  ['HPE_HEADER_OVERFLOW', 'headers_too_large'],
  ['ERR_HTTP_REQUEST_TIMEOUT', 'request_timeout'],
]);

/**
 * A request the server cannot read, answered before any handler and its connection closed: what node's parser refuses
 * (a header block over MAX_HEADER_SIZE, a request slower than the timeouts, bytes that are not HTTP/1.1), or a last
 * transfer coding that is not chunked, which leaves the body no length (RFC 9112 §6.1).
 */
export class UnreadableRequestError extends Refusal {
  readonly code: 'unreadable_request' | 'headers_too_large' | 'request_timeout';

  /** `parserCode`: node's error code; none for the transfer coding. */
  constructor(parserCode?: string) {
    super(parserCode === undefined ? 'The last transfer coding is not chunked.' : `node's parser refused the request (${parserCode}).`);
    this.code = PARSER_REFUSALS.get(parserCode) ?? 'unreadable_request';
  }
}

/** An Expect other than 100-continue (RFC 9110 §10.1.1): 417, and the connection closed. */
export class ExpectationFailedError extends Refusal {
  readonly code = 'expectation_failed';

  constructor() {
    super('Only "Expect: 100-continue" is understood.');
  }
}

/** A method the target does not take: 405, with the methods it does take in Allow (or the Allow its sender writes). */
export class MethodNotAllowedError extends Refusal {
  readonly code = 'method_not_allowed';

  constructor(
    method: string,
    readonly allow?: string,
  ) {
    super(`Method "${method}" not allowed.`);
  }
}

/** No route has the request's path (nor its slash form): a 404 like every other "not found". */
export class UnknownPathError extends Refusal {
  readonly code = 'unknown_path';

  constructor() {
    super('No resource has that path.');
  }
}

/** A body that is not JSON, or not the JSON the route takes: 400. */
export class MalformedBodyError extends Refusal {
  readonly code = 'malformed_body';
}

/** A body over the limit: 413, answered without reading the rest, and the connection closed. */
export class BodyTooLargeError extends Refusal {
  readonly code = 'body_too_large';

  constructor(limitBytes: number) {
    super(`The body is over ${limitBytes} bytes.`);
  }
}

/** A body of another media type than JSON: 415. */
export class UnsupportedMediaTypeError extends Refusal {
  readonly code = 'unsupported_media_type';

  constructor(mergePatch = false) {
    super(
      mergePatch
        ? 'The body must be a JSON merge patch: send Content-Type: application/merge-patch+json (or application/json).'
        : 'The body must be JSON: send Content-Type: application/json.',
    );
  }
}

export type BodyRefusal = MalformedBodyError | BodyTooLargeError | UnsupportedMediaTypeError;

/** A key that is not one, unknown or revoked, or another scheme: 401 (RFC 6750 invalid_token). The key is never echoed. */
export class InvalidTokenError extends Refusal {
  readonly code = 'invalid_token';
}

/** An Authorization the request itself gets wrong (two fields, bytes outside ASCII): 400 (RFC 6750 invalid_request). */
export class InvalidAuthorizationError extends Refusal {
  readonly code = 'invalid_authorization';
}

/** A route that needs a client was called without a key: 401, with a challenge and no error code (RFC 6750 §3.1). */
export class MissingTokenError extends Refusal {
  readonly code = 'missing_token';

  constructor() {
    super('This path needs an API key: send Authorization: Bearer <key>.');
  }
}

/**
 * A refusal an operation's own handler answers with (`refuse(409, 'not_open', 'Only an open invoice is paid.')`): its
 * status is the handler's, from 400 to 499, and its code is its own.
 */
export class HandlerRefusal extends Refusal {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** A path or query parameter whose value does not fit its schema: 400 naming it. */
export class InvalidParameterError extends Refusal {
  readonly code = 'invalid_parameter';
}

export type AuthorizationRefusal = InvalidTokenError | InvalidAuthorizationError | MissingTokenError;

/** The realm every WWW-Authenticate names. */
export const REALM = 'version-aware-api';

/** The WWW-Authenticate of each refusal. */
export function challengeOf(code: AuthorizationRefusal['code']): string {
  if (code === 'missing_token') return `Bearer realm="${REALM}"`;
  return `Bearer realm="${REALM}", error="${code === 'invalid_token' ? 'invalid_token' : 'invalid_request'}"`;
}

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
export type RequestRefusal =
  | VersionRefusal
  | PinRefusal
  | AuthorizationRefusal
  | BodyRefusal
  | UseCaseRefusal
  | AcceptHeaderError
  | AmbiguousVersionError
  | BadRequestError
  | UnreadableRequestError
  | ExpectationFailedError
  | MethodNotAllowedError
  | InvalidParameterError
  | UnknownPathError;

/** The code of every refusal: the table below answers each, and only these. */
export type ErrorCode = RequestRefusal['code'];

// A refusal may echo what the client sent (a version, a field): a key sent by mistake is never echoed back.
const messageOf = (error: Refusal): string => redactKeys(error.message);

/**
 * What a client refused a version it did not name can do instead, by who selected the version (RetiredVersionError's
 * `byDefault`): a pin's, move it where the API serves that (`pinChange` below `base`: `PUT /api/client/version`), else
 * name a version.
 */
function versionAdvice(byDefault: SelectedBy, pinChange: string | undefined, base: string): string {
  if (byDefault === false) return '';
  if (byDefault === 'pin' && pinChange !== undefined)
    return ` Upgrade the pin (PUT ${base}${pinChange}) or name a supported version in the Accept header.`;
  return ' Name a supported version in the Accept header.';
}

/** A retired or browned-out version's detail: what is refused, what to do instead, and the versions served. */
const versionDetail = (error: Refusal, pinChange: string | undefined, base: string): string => {
  const { statement, byDefault, served } = error as RetiredVersionError | BrownoutError;
  return redactKeys(`${statement}${versionAdvice(byDefault, pinChange, base)}${served}`);
};

/** The headers of an answer after which the connection closes. */
const CLOSE = { Connection: 'close' } as const;

/** Each error code the service answers on purpose, with its status and `detail`. */
const RESPONSES = {
  not_found: () => ({ status: 404, detail: 'Not found.' }),
  unknown_path: () => ({ status: 404, detail: 'Not found.' }),
  malformed_version: (error) => ({ status: 406, detail: messageOf(error) }),
  unsupported_version: (error) => ({ status: 406, detail: messageOf(error) }),
  unsatisfiable_accept: (error) => ({ status: 406, detail: messageOf(error) }),
  conflicting_version: (error) => ({ status: 406, detail: messageOf(error) }),
  unknown_accept_parameter: (error) => ({ status: 406, detail: messageOf(error) }),
  invalid_accept_weight: (error) => ({ status: 406, detail: messageOf(error) }),
  retired_version: (error, pinChange, base) => ({ status: 410, detail: versionDetail(error, pinChange, base) }),
  version_brownout: (error, pinChange, base) => ({
    status: 410,
    detail: versionDetail(error, pinChange, base),
    headers: { 'Retry-After': String((error as BrownoutError).retryAfterSeconds) },
  }),
  invalid_page: (error) => ({ status: 400, detail: messageOf(error) }),
  bad_request: (error) => ({ status: 400, detail: messageOf(error) }),
  invalid_parameter: (error) => ({ status: 400, detail: messageOf(error) }),
  accept_over_limit: (error) => ({ status: 400, detail: messageOf(error) }),
  ambiguous_version: (error) => ({ status: 400, detail: messageOf(error) }),
  pin_change_unavailable: (error) => ({ status: 409, detail: messageOf(error) }),
  pin_conflict: (error) => ({ status: 409, detail: messageOf(error) }),
  invalid_pin: (error) => ({ status: 422, detail: messageOf(error) }),
  invalid_upgrade_target: (error) => ({ status: 422, detail: messageOf(error) }),
  invalid_body: (error) => ({ status: 422, detail: messageOf(error) }),
  idempotency_key_reused: (error) => ({ status: 422, detail: messageOf(error) }),
  writes_unavailable: (error) => ({ status: 409, detail: messageOf(error) }),
  invalid_token: (error) => ({ status: 401, detail: messageOf(error), headers: { 'WWW-Authenticate': challengeOf('invalid_token') } }),
  missing_token: (error) => ({ status: 401, detail: messageOf(error), headers: { 'WWW-Authenticate': challengeOf('missing_token') } }),
  invalid_authorization: (error) => ({
    status: 400,
    detail: messageOf(error),
    headers: { 'WWW-Authenticate': challengeOf('invalid_authorization') },
  }),
  // What cannot be read says no more than its status: what the parser saw is not the client's to read back.
  unreadable_request: () => ({ status: 400, detail: 'Bad Request.', headers: CLOSE }),
  headers_too_large: () => ({ status: 431, detail: 'Request Header Fields Too Large.', headers: CLOSE }),
  request_timeout: () => ({ status: 408, detail: 'Request Timeout.', headers: CLOSE }),
  expectation_failed: (error) => ({ status: 417, detail: messageOf(error), headers: CLOSE }),
  method_not_allowed: (error) => {
    const { allow } = error as MethodNotAllowedError;
    return { status: 405, detail: messageOf(error), ...(allow === undefined ? {} : { headers: { Allow: allow } }) };
  },
  malformed_body: (error) => ({ status: 400, detail: messageOf(error) }),
  // The rest of the body is never read: the connection closes after the answer.
  body_too_large: (error) => ({ status: 413, detail: messageOf(error), headers: CLOSE }),
  unsupported_media_type: (error) => ({ status: 415, detail: messageOf(error) }),
  dependency_unavailable: () => ({ status: 503, detail: 'Service unavailable.', headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) } }),
} as const satisfies Record<ErrorCode, (error: Refusal, pinChange: string | undefined, base: string) => ErrorResponse>;

export const SERVER_ERROR: ErrorResponse = { status: 500, detail: 'A server error occurred.' };

/** A refusal known only by its code: what the published documents ask the table. */
class CodeOnly extends Refusal {
  constructor(readonly code: string) {
    super('');
  }
}

/** The status and headers an error code is answered with, for the published documents; undefined for a code the table does not hold. */
export function answerTo(code: string): Omit<ErrorResponse, 'detail'> | undefined {
  const response = errorResponseFor(new CodeOnly(code));
  return response === undefined ? undefined : { status: response.status, ...(response.headers === undefined ? {} : { headers: response.headers }) };
}

/**
 * The response for an error, or undefined when it is unexpected (a logged 500). `pinChange`: where a client moves its
 * pin below the request's `base` (`/client/version`), which a refusal of its pinned version names; none when undefined.
 */
export function errorResponseFor(error: unknown, pinChange?: string, base = ''): ErrorResponse | undefined {
  if (error instanceof HandlerRefusal) return { status: error.status, detail: messageOf(error) };
  if (!(error instanceof Refusal) || !Object.hasOwn(RESPONSES, error.code)) return undefined;
  const respond: (error: Refusal, pinChange: string | undefined, base: string) => ErrorResponse = RESPONSES[error.code as ErrorCode];
  return respond(error, pinChange, base);
}
