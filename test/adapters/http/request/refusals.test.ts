import t from 'tap';
import { VersionModelError } from '../../../../src/domain/versioning/version-model-error.js';
import {
  AmbiguousVersionError,
  answerTo,
  BodyTooLargeError,
  ERROR_SCHEMA,
  errorResponseFor,
  ExpectationFailedError,
  HandlerRefusal,
  InvalidParameterError,
  MalformedBodyError,
  MethodNotAllowedError,
  MissingTokenError,
  SERVER_ERROR,
  UnknownPathError,
  UnreadableRequestError,
  UnsupportedMediaTypeError,
} from '../../../../src/adapters/http/request/refusals.js';
import { API_VERSION_HEADER, VERSION_QUERY_PARAMETER } from '../../../../src/adapters/http/request/api-version-header.js';
import { CalendarDate } from '../../../../src/domain/records/calendar-date.js';
import { RetiredVersionError } from '../../../../src/domain/versioning/refusals.js';
import { DependencyUnavailableError } from '../../../../src/application/errors/refusals.js';
import { StartupError } from '../../../../src/domain/errors/startup-error.js';
import { Refusal } from '../../../../src/domain/errors/refusal.js';

t.test('a dependency that is unavailable is a 503 with Retry-After and a fixed detail, whatever the cause', async (t) => {
  const error = new DependencyUnavailableError('database', { cause: new Error('connect ECONNREFUSED 10.0.0.5:5432') });
  t.same(errorResponseFor(error), { status: 503, detail: 'Service unavailable.', headers: { 'Retry-After': '5' } });
  t.equal(error.cause instanceof Error, true, 'the cause is kept for the logs');
  t.equal(new DependencyUnavailableError('database').cause, undefined, 'a cause is optional');
});

t.test('a start-up failure is not a refusal: no client is answered with it, whatever its code', async (t) => {
  const failures: [string, StartupError][] = [
    ['a bad setting', new StartupError('bad setting: PORT="x"')],
    ['a wrong declaration', new VersionModelError(['version 1.0.0 is declared twice; declare each version once'])],
  ];
  for (const [label, failure] of failures) {
    t.notOk(failure instanceof Refusal, `${label} is not a Refusal`);
    t.equal(errorResponseFor(failure), undefined, `${label}: no response of the table`);
    t.equal(failure.name, failure.constructor.name, `${label}: named by its class`);
  }
});

t.test("the HTTP adapter's refusals: each one's code, status and detail", async (t) => {
  const cases: [string, Refusal, string, number, string][] = [
    ['an unknown path', new UnknownPathError(), 'unknown_path', 404, 'Not found.'],
    ['a body that is not JSON', new MalformedBodyError('The body is not JSON.'), 'malformed_body', 400, 'The body is not JSON.'],
    ['a body over the limit', new BodyTooLargeError(65536), 'body_too_large', 413, 'The body is over 65536 bytes.'],
    [
      'a body of another type',
      new UnsupportedMediaTypeError(),
      'unsupported_media_type',
      415,
      'The body must be JSON: send Content-Type: application/json.',
    ],
    [
      'a merge patch of another type',
      new UnsupportedMediaTypeError(true),
      'unsupported_media_type',
      415,
      'The body must be a JSON merge patch: send Content-Type: application/merge-patch+json (or application/json).',
    ],
    [
      'two versions named',
      new AmbiguousVersionError('2.1.0', '3.0.0'),
      'ambiguous_version',
      400,
      'The Accept header names version "2.1.0" and the Api-Version header names "3.0.0": name one version, in either or in both.',
    ],
    ['no key where one is needed', new MissingTokenError(), 'missing_token', 401, 'This path needs an API key: send Authorization: Bearer <key>.'],
    [
      'a parameter that does not fit',
      new InvalidParameterError('The path parameter "id" is not a record id.'),
      'invalid_parameter',
      400,
      'The path parameter "id" is not a record id.',
    ],
  ];
  for (const [label, refusal, code, status, detail] of cases) {
    t.equal(refusal.code, code, `${label}: its code`);
    t.match(errorResponseFor(refusal), { status, detail }, `${label}: ${status}`);
  }
  t.equal(new UnknownPathError().message, 'No resource has that path.', "an unknown path's own message, which the 404 does not echo");
  t.same(errorResponseFor(new BodyTooLargeError(1))?.headers, { Connection: 'close' }, 'the rest of a body too large is never read');
  t.same(
    errorResponseFor(new MissingTokenError())?.headers,
    { 'WWW-Authenticate': 'Bearer realm="version-aware-api"' },
    'a challenge, no error code',
  );
  t.equal(errorResponseFor(new UnknownPathError())?.headers, undefined, 'no headers of its own');
  t.equal(API_VERSION_HEADER, 'Api-Version');
  t.equal(VERSION_QUERY_PARAMETER, 'version', 'the query parameter that names a version');
});

t.test("an operation's own refusal: the handler's status and code, its message the detail", async (t) => {
  const refusal = new HandlerRefusal(409, 'not_open', 'Only an open invoice is paid.');
  t.equal(refusal.code, 'not_open');
  t.same(errorResponseFor(refusal), { status: 409, detail: 'Only an open invoice is paid.' });
  t.same(
    errorResponseFor(new HandlerRefusal(422, 'not_found', 'No such line.')),
    { status: 422, detail: 'No such line.' },
    'a code the table holds: still the handler’s status',
  );
});

t.test("the server's own answers, made before or beside the handler: each one's code, status, detail and headers", async (t) => {
  const close = { Connection: 'close' };
  const cases: [string, Refusal, string, number, string, Record<string, string> | undefined][] = [
    ["what node's parser cannot read", new UnreadableRequestError('HPE_INVALID_METHOD'), 'unreadable_request', 400, 'Bad Request.', close],
    [
      'a header block over the limit',
      new UnreadableRequestError('HPE_HEADER_OVERFLOW'),
      'headers_too_large',
      431,
      'Request Header Fields Too Large.',
      close,
    ],
    ['a request slower than the timeouts', new UnreadableRequestError('ERR_HTTP_REQUEST_TIMEOUT'), 'request_timeout', 408, 'Request Timeout.', close],
    ['a last transfer coding not chunked', new UnreadableRequestError(), 'unreadable_request', 400, 'Bad Request.', close],
    ['an expectation', new ExpectationFailedError(), 'expectation_failed', 417, 'Only "Expect: 100-continue" is understood.', close],
    ['CONNECT', new MethodNotAllowedError('CONNECT'), 'method_not_allowed', 405, 'Method "CONNECT" not allowed.', undefined],
  ];
  for (const [label, refusal, code, status, detail, headers] of cases) {
    t.equal(refusal.code, code, `${label}: its code`);
    t.same(errorResponseFor(refusal), { status, detail, ...(headers === undefined ? {} : { headers }) }, `${label}: ${status}`);
  }
  t.equal(
    new UnreadableRequestError('HPE_INVALID_METHOD').message,
    "node's parser refused the request (HPE_INVALID_METHOD).",
    'what the parser said, kept from the client',
  );
  t.equal(new UnreadableRequestError().message, 'The last transfer coding is not chunked.', 'the transfer coding, kept from the client too');
});

t.test('a retired version: what is refused, what to do instead by who chose the version, and the versions served', async (t) => {
  const sunset = CalendarDate.parse('2026-06-01') as CalendarDate;
  const served = ['5.0.0', '4.0.0'];
  const detail = (byDefault: false | true | 'pin', pinChange?: string, base?: string) =>
    errorResponseFor(new RetiredVersionError('1.0.0', sunset, served, byDefault), pinChange, base)?.detail;
  t.equal(detail(false), 'Version 1.0.0 was retired on 2026-06-01, its sunset date, and is no longer served. Supported versions: 5.0.0, 4.0.0.');
  t.equal(
    detail(true, '/client/version'),
    'The default version 1.0.0 was retired on 2026-06-01, its sunset date, and is no longer served. Name a supported version in the Accept header. Supported versions: 5.0.0, 4.0.0.',
  );
  t.equal(
    detail('pin', '/client/version'),
    'Your pinned version 1.0.0 was retired on 2026-06-01, its sunset date, and is no longer served. Upgrade the pin (PUT /client/version) or name a supported version in the Accept header. Supported versions: 5.0.0, 4.0.0.',
  );
  t.match(detail('pin', '/me/version'), ' Upgrade the pin (PUT /me/version) or name', 'where the API places it');
  t.match(detail('pin', '/me/version', '/api'), ' Upgrade the pin (PUT /api/me/version) or name', 'below the base of a mount');
  t.equal(
    detail('pin'),
    'Your pinned version 1.0.0 was retired on 2026-06-01, its sunset date, and is no longer served. Name a supported version in the Accept header. Supported versions: 5.0.0, 4.0.0.',
    'no path to move the pin: none named',
  );
  t.equal(errorResponseFor(new RetiredVersionError('1.0.0', sunset, served))?.status, 410);
});

t.test('what the published documents ask the table: a status and headers by code alone', async (t) => {
  t.same(answerTo('not_found'), { status: 404 });
  t.same(Object.keys(answerTo('not_found') ?? {}), ['status'], 'no headers key when it has none');
  t.same(answerTo('missing_token'), { status: 401, headers: { 'WWW-Authenticate': 'Bearer realm="version-aware-api"' } });
  t.same(answerTo('body_too_large'), { status: 413, headers: { Connection: 'close' } });
  t.equal(answerTo('no_such_code'), undefined, 'a code the table does not hold');
  t.equal(errorResponseFor(new Error('boom')), undefined, 'not a refusal: unexpected');
  t.same(SERVER_ERROR, { status: 500, detail: 'A server error occurred.' });
  t.same(ERROR_SCHEMA, { type: 'object', properties: { detail: { type: 'string' } }, required: ['detail'], additionalProperties: false });
});
