import { catalogue, catalogueEntry, Refusal, refusal } from '../../../domain/errors/refusal.js';
import type { UseCaseRefusal } from '../../../application/errors/refusals.js';
import { BrownoutError, RetiredVersionError, type PinRefusal, type VersionRefusal } from '../../../domain/versioning/refusals.js';
import { describeReceived, type SelectedBy } from '../../../domain/versioning/version-error-text.js';
import { closedObject, type JsonSchema } from '../../../domain/versioning/json-schema.js';
import { redactKeys } from '../../identity/api-key.js';
import { API_VERSION_HEADER } from './api-version-header.js';

/**
 * The HTTP adapter's refusals, each one's code, status and message where it is declared; then the answer every refusal
 * of a request gets, whichever layer refused it: its status, `detail` and headers.
 */

/** Each code an Accept header is refused with, and its status: the message names what is wrong with it. */
const ACCEPT_STATUSES = catalogue({
  unsatisfiable_accept: 406,
  conflicting_version: 406,
  unknown_accept_parameter: 406,
  invalid_accept_weight: 406,
  accept_over_limit: 400,
});

/** The Accept header admits no JSON response, names two versions or an unknown parameter on the range it picks, gives a JSON range a bad q-value, or is longer than it is read. */
export class AcceptHeaderError extends Refusal {
  readonly status: number;

  constructor(
    readonly code: keyof typeof ACCEPT_STATUSES,
    message: string,
  ) {
    super(message);
    this.status = ACCEPT_STATUSES[code];
  }
}

/** Where a request names its version: Accept's `version` parameter, the Api-Version header, the query's `version`. */
const VERSION_SOURCES = { accept: 'Accept header', header: `${API_VERSION_HEADER} header`, query: 'query parameter "version"' } as const;
export type VersionSource = keyof typeof VERSION_SOURCES;

/** Two of Accept, Api-Version and the query name different versions: which one the client meant cannot be known. */
export class AmbiguousVersionError extends refusal('ambiguous_version', 400) {
  constructor(first: string, second: string, [named, then]: readonly [VersionSource, VersionSource] = ['accept', 'header']) {
    super(
      `The ${VERSION_SOURCES[named]} names version ${describeReceived(first)} and the ${VERSION_SOURCES[then]} names ${describeReceived(second)}: ` +
        'name one version, in either or in both.',
    );
  }
}

/** A request that is valid to node's parser but not to HTTP/1.1 (RFC 9112), such as a missing or doubled Host. */
export class BadRequestError extends refusal('bad_request', 400) {}

/** The headers of an answer after which the connection closes. */
const CLOSE = { Connection: 'close' } as const;

// What cannot be read says no more than its status: what the parser saw is not the client's to read back.
const UNREADABLE_DETAILS = {
  unreadable_request: 'Bad Request.',
  headers_too_large: 'Request Header Fields Too Large.',
  request_timeout: 'Request Timeout.',
};
const UNREADABLE_STATUSES = catalogue({ unreadable_request: 400, headers_too_large: 431, request_timeout: 408 }, CLOSE);

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
  readonly code: keyof typeof UNREADABLE_STATUSES;
  readonly status: number;
  override readonly headers = CLOSE;

  /** `parserCode`: node's error code; none for the transfer coding. */
  constructor(parserCode?: string) {
    super(parserCode === undefined ? 'The last transfer coding is not chunked.' : `node's parser refused the request (${parserCode}).`);
    this.code = PARSER_REFUSALS.get(parserCode) ?? 'unreadable_request';
    this.status = UNREADABLE_STATUSES[this.code];
  }

  override get detail(): string {
    return UNREADABLE_DETAILS[this.code];
  }
}

/** An Expect other than 100-continue (RFC 9110 §10.1.1): 417, and the connection closed. */
export class ExpectationFailedError extends refusal('expectation_failed', 417, {
  message: 'Only "Expect: 100-continue" is understood.',
  headers: CLOSE,
}) {}

/** A method the target does not take: 405, with the methods it does take in Allow (or the Allow its sender writes). */
export class MethodNotAllowedError extends refusal('method_not_allowed', 405) {
  override readonly headers: Readonly<Record<string, string>> | undefined;

  constructor(
    method: string,
    readonly allow?: string,
  ) {
    super(`Method "${method}" not allowed.`);
    this.headers = allow === undefined ? undefined : { Allow: allow };
  }
}

/** No route has the request's path (nor its slash form): a 404 like every other "not found". */
export class UnknownPathError extends refusal('unknown_path', 404, { message: 'No resource has that path.', detail: 'Not found.' }) {}

/** A body that is not JSON, or not the JSON the route takes: 400. */
export class MalformedBodyError extends refusal('malformed_body', 400) {}

/** A body over the limit: 413, answered without reading the rest, and the connection closed. */
export class BodyTooLargeError extends refusal('body_too_large', 413, { headers: CLOSE }) {
  constructor(limitBytes: number) {
    super(`The body is over ${limitBytes} bytes.`);
  }
}

/** A body of another media type than JSON: 415. */
export class UnsupportedMediaTypeError extends refusal('unsupported_media_type', 415) {
  constructor(mergePatch = false) {
    super(
      mergePatch
        ? 'The body must be a JSON merge patch: send Content-Type: application/merge-patch+json (or application/json).'
        : 'The body must be JSON: send Content-Type: application/json.',
    );
  }
}

export type BodyRefusal = MalformedBodyError | BodyTooLargeError | UnsupportedMediaTypeError;

/** The realm every WWW-Authenticate names. */
export const REALM = 'version-aware-api';

/** The WWW-Authenticate of each refusal of a key. */
export function challengeOf(code: 'invalid_token' | 'invalid_authorization' | 'missing_token'): string {
  if (code === 'missing_token') return `Bearer realm="${REALM}"`;
  return `Bearer realm="${REALM}", error="${code === 'invalid_token' ? 'invalid_token' : 'invalid_request'}"`;
}

/** A key that is not one, unknown or revoked, or another scheme: 401 (RFC 6750 invalid_token). The key is never echoed. */
export class InvalidTokenError extends refusal('invalid_token', 401, {
  headers: { 'WWW-Authenticate': challengeOf('invalid_token') },
}) {}

/** An Authorization the request itself gets wrong (two fields, bytes outside ASCII): 400 (RFC 6750 invalid_request). */
export class InvalidAuthorizationError extends refusal('invalid_authorization', 400, {
  headers: { 'WWW-Authenticate': challengeOf('invalid_authorization') },
}) {}

/** A route that needs a client was called without a key: 401, with a challenge and no error code (RFC 6750 §3.1). */
export class MissingTokenError extends refusal('missing_token', 401, {
  message: 'This path needs an API key: send Authorization: Bearer <key>.',
  headers: { 'WWW-Authenticate': challengeOf('missing_token') },
}) {}

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
export class InvalidParameterError extends refusal('invalid_parameter', 400) {}

export type AuthorizationRefusal = InvalidTokenError | InvalidAuthorizationError | MissingTokenError;

export interface ErrorResponse {
  readonly status: number;
  readonly detail: string;
  readonly headers?: Readonly<Record<string, string>>;
}

/** Every error body: `{"detail": "…"}`, a sentence naming what is wrong. */
export const ERROR_SCHEMA: JsonSchema = closedObject({ detail: { type: 'string' } });

export { RETRY_AFTER_SECONDS } from '../../../application/errors/refusals.js';

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

/** The code of every refusal the layer declares. */
export type ErrorCode = RequestRefusal['code'];

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

export const SERVER_ERROR: ErrorResponse = { status: 500, detail: 'A server error occurred.' };

/** The status and headers an error code is answered with, for the published documents; undefined for a code no refusal declares. */
export function answerTo(code: string): Omit<ErrorResponse, 'detail'> | undefined {
  return catalogueEntry(code);
}

/**
 * The response for an error, or undefined when it is unexpected (a logged 500). `pinChange`: where a client moves its
 * pin below the request's `base` (`/client/version`), which a refusal of its pinned version names; none when undefined.
 * A refusal may echo what the client sent (a version, a field): a key sent by mistake is never echoed back.
 */
export function errorResponseFor(error: unknown, pinChange?: string, base = ''): ErrorResponse | undefined {
  if (!(error instanceof Refusal)) return undefined;
  const detail = redactKeys(
    error instanceof RetiredVersionError || error instanceof BrownoutError
      ? `${error.statement}${versionAdvice(error.byDefault, pinChange, base)}${error.served}`
      : error.detail,
  );
  return error.headers === undefined ? { status: error.status, detail } : { status: error.status, detail, headers: error.headers };
}
