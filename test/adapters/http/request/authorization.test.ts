import t from 'tap';
import fc from 'fast-check';
import type { IncomingMessage } from 'node:http';
import { clientOf, MAX_AUTHORIZATION_LENGTH } from '../../../../src/adapters/http/request/authorization.js';
import { hashApiKey, issueApiKey } from '../../../../src/adapters/identity/api-key.js';
import { keyedClient } from '../../../fixtures/clients.js';
import { InvalidAuthorizationError, InvalidTokenError, challengeOf, errorResponseFor } from '../../../../src/adapters/http/request/refusals.js';

const known = keyedClient('known', '3.0.0');
const identify = (keyHash: string) => (keyHash === known.client.keyHash ? known.client : undefined);

/** A request as node parses it: the first Authorization in `headers`, all of them in `rawHeaders`. */
function requestWith(...authorization: string[]): IncomingMessage {
  return {
    headers: authorization.length === 0 ? {} : { authorization: authorization[0] },
    rawHeaders: ['Host', 'x', ...authorization.flatMap((value, index) => [index % 2 === 0 ? 'Authorization' : 'authorization', value])],
  } as unknown as IncomingMessage;
}

t.test('no Authorization: anonymous; a known key in the Bearer scheme, any case: its client', async (t) => {
  t.equal(clientOf(requestWith(), identify), undefined);
  t.equal(clientOf(requestWith(`Bearer ${known.key}`), identify), known.client);
  t.equal(clientOf(requestWith(`bearer ${known.key}`), identify), known.client, 'the scheme is case-insensitive (RFC 9110 §11.1)');
  t.equal(clientOf(requestWith(`BEARER   ${known.key}`), identify), known.client, 'several spaces');
});

t.test('every other form: 401 invalid_token, or 400 when the request itself is malformed; never the key in the message', async (t) => {
  const NOT_BEARER = 'Only the Bearer scheme is accepted: Authorization: Bearer <key>.';
  const EMPTY = 'The Bearer token is empty.';
  const NOT_A_KEY = 'The Bearer token is not an API key of this service.';
  const NOT_ASCII = 'The Authorization field holds bytes outside visible ASCII.';
  const cases: [string, string[], typeof InvalidTokenError | typeof InvalidAuthorizationError, string][] = [
    ['an unknown key', [`Bearer ${issueApiKey()}`], InvalidTokenError, 'The API key is unknown or revoked.'],
    ['another scheme', [`Basic ${Buffer.from('a:b').toString('base64')}`], InvalidTokenError, NOT_BEARER],
    ['the key alone', [known.key], InvalidTokenError, NOT_BEARER],
    ['an empty token', ['Bearer '], InvalidTokenError, EMPTY],
    ['the scheme alone', ['Bearer'], InvalidTokenError, EMPTY],
    ['not a key of ours', ['Bearer abc.def'], InvalidTokenError, NOT_A_KEY],
    ['a key one character short', [`Bearer ${known.key.slice(0, -1)}`], InvalidTokenError, NOT_A_KEY],
    ['a key and more', [`Bearer ${known.key} x`], InvalidTokenError, NOT_A_KEY],
    ['oversized', [`Bearer ${'a'.repeat(MAX_AUTHORIZATION_LENGTH)}`], InvalidTokenError, 'The Authorization field is over 256 characters.'],
    ['at the length limit', [`Bearer ${'a'.repeat(MAX_AUTHORIZATION_LENGTH - 7)}`], InvalidTokenError, NOT_A_KEY],
    ['two fields', [`Bearer ${known.key}`, `Bearer ${known.key}`], InvalidAuthorizationError, 'Send one Authorization field, not several.'],
    ['bytes outside ASCII', [`Bearer ${known.key}\u00e9`], InvalidAuthorizationError, NOT_ASCII],
    ['a tab', [`Bearer\t${known.key}`], InvalidAuthorizationError, NOT_ASCII],
  ];
  for (const [what, fields, type, message] of cases) {
    const refusal = clientOf(requestWith(...fields), identify);
    t.type(refusal, type, what);
    t.equal((refusal as Error).message, message, `${what}: the message`);
    t.notMatch((refusal as Error).message, known.key, `${what}: the key is not echoed`);
  }
});

t.test('only Authorization fields are counted: another header of 13 letters beside one is no second field', async (t) => {
  const request = {
    headers: { 'cache-control': 'no-cache', authorization: `Bearer ${known.key}` },
    rawHeaders: ['Cache-Control', 'no-cache', 'Authorization', `Bearer ${known.key}`],
  } as unknown as IncomingMessage;
  t.equal(clientOf(request, identify), known.client);
});

t.test('the answers: 401 with a Bearer challenge naming invalid_token, 400 naming invalid_request', async (t) => {
  t.match(errorResponseFor(new InvalidTokenError('x')), {
    status: 401,
    headers: { 'WWW-Authenticate': 'Bearer realm="version-aware-api", error="invalid_token"' },
  });
  t.match(errorResponseFor(new InvalidAuthorizationError('x')), {
    status: 400,
    headers: { 'WWW-Authenticate': challengeOf('invalid_authorization') },
  });
  t.equal(challengeOf('invalid_authorization'), 'Bearer realm="version-aware-api", error="invalid_request"');
});

t.test('any Authorization field: a client only for the known key, a refusal otherwise, never a throw; the key never echoed', async () => {
  const field = fc.oneof(
    fc.string({ maxLength: 300 }),
    fc.string({ unit: 'binary', maxLength: 80 }),
    fc
      .tuple(fc.constantFrom('Bearer', 'bearer', 'Basic', 'Token', ''), fc.constantFrom(' ', '  ', '\t', ''), fc.string({ maxLength: 60 }))
      .map(([a, b, c]) => `${a}${b}${c}`),
    fc.constantFrom(`Bearer ${known.key}`, `Bearer ${known.key.toUpperCase()}`).map((value) => value),
  );
  fc.assert(
    fc.property(fc.array(field, { minLength: 1, maxLength: 3 }), (fields) => {
      const outcome = clientOf(requestWith(...fields), identify);
      if (outcome === known.client) return fields.length === 1 && fields[0]?.trim().toLowerCase() === `bearer ${known.key}`.toLowerCase();
      if (!(outcome instanceof InvalidTokenError || outcome instanceof InvalidAuthorizationError)) return false;
      const response = errorResponseFor(outcome);
      return response !== undefined && [400, 401].includes(response.status) && !outcome.message.includes(known.key);
    }),
    { numRuns: 2000 },
  );
});

t.test('keys: vaa_ and 256 random bits, base64url; SHA-256 hex is what is kept', async (t) => {
  const key = issueApiKey();
  t.match(key, /^vaa_[A-Za-z0-9_-]{43}$/);
  t.not(issueApiKey(), key, 'random');
  t.equal(hashApiKey('abc'), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad', 'SHA-256 (FIPS 180-2 test vector)');
  t.match(hashApiKey(key), /^[0-9a-f]{64}$/);
});

t.test('on one connection: each request judged as its own, its field read and hashed again only when it changes', async (t) => {
  const other = keyedClient('other', '2.1.0');
  let revoked = false;
  const clients = (keyHash: string) =>
    keyHash === known.client.keyHash && !revoked ? known.client : keyHash === other.client.keyHash ? other.client : undefined;
  const socket = {};
  const on = (...authorization: string[]) => ({ ...requestWith(...authorization), socket }) as unknown as IncomingMessage;
  t.equal(clientOf(on(`Bearer ${known.key}`), clients), known.client);
  t.equal(clientOf(on(`Bearer ${known.key}`), clients), known.client, 'the same field again');
  t.equal(clientOf(on(`Bearer ${other.key}`), clients), other.client, 'another key on the same connection: its own client');
  t.equal(clientOf(on(`Bearer ${other.key}`), clients), other.client);
  t.equal(clientOf(on(`Bearer ${known.key}`), clients), known.client, 'and back');
  t.type(
    clientOf(on(`Bearer ${known.key}`, `Bearer ${known.key}`), clients),
    InvalidAuthorizationError,
    'a second field is refused even after the first was read',
  );
  t.equal(clientOf(on(), clients), undefined, 'no field: anonymous');
  t.type(clientOf(on('Bearer abc.def'), clients), InvalidTokenError, 'a malformed field after a key');
  t.equal(clientOf(on(`Bearer ${known.key}`), clients), known.client);
  revoked = true;
  t.type(clientOf(on(`Bearer ${known.key}`), clients), InvalidTokenError, 'revoked while the connection holds it: refused at once');
  t.equal(clientOf({ ...requestWith(`Bearer ${other.key}`), socket: {} } as unknown as IncomingMessage, clients), other.client, 'another connection');
});
