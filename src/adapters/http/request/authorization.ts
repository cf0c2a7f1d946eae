import type { IncomingMessage } from 'node:http';
import { DomainError } from '../../../domain/errors/domain-error.js';
import type { Client } from '../../../domain/clients/client.js';
import { hashApiKey, looksLikeApiKey } from '../../identity/api-key.js';

/** The realm every WWW-Authenticate names. */
export const REALM = 'version-aware-api';
/** Longer fields are refused unread: a key is 47 characters. */
export const MAX_AUTHORIZATION_LENGTH = 256;

/** A key that is not one, unknown or revoked, or another scheme: 401 (RFC 6750 invalid_token). The key is never echoed. */
export class InvalidTokenError extends DomainError {
  readonly code = 'invalid_token';
}

/** An Authorization the request itself gets wrong (two fields, bytes outside ASCII): 400 (RFC 6750 invalid_request). */
export class InvalidAuthorizationError extends DomainError {
  readonly code = 'invalid_authorization';
}

/** A route that needs a client was called without a key: 401, with a challenge and no error code (RFC 6750 §3.1). */
export class MissingTokenError extends DomainError {
  readonly code = 'missing_token';

  constructor() {
    super('This path needs an API key: send Authorization: Bearer <key>.');
  }
}

export type AuthorizationRefusal = InvalidTokenError | InvalidAuthorizationError | MissingTokenError;

const VISIBLE_ASCII = /^[\x20-\x7e]*$/;

/**
 * The client a request's Authorization names: undefined when it has none (anonymous), or the refusal. One pass over
 * the field, and over the raw header list only when a field is present; `identify` finds a key's client by its hash.
 */
export function clientOf(req: IncomingMessage, identify: (keyHash: string) => Client | undefined): Client | AuthorizationRefusal | undefined {
  const field = req.headers.authorization;
  if (field === undefined) return undefined;
  // node keeps the first of repeated Authorization fields; the raw list shows them all.
  if (countAuthorizationFields(req.rawHeaders) > 1) return new InvalidAuthorizationError('Send one Authorization field, not several.');
  if (field.length > MAX_AUTHORIZATION_LENGTH)
    return new InvalidTokenError(`The Authorization field is over ${MAX_AUTHORIZATION_LENGTH} characters.`);
  if (!VISIBLE_ASCII.test(field)) return new InvalidAuthorizationError('The Authorization field holds bytes outside visible ASCII.');
  const space = field.indexOf(' ');
  const scheme = space < 0 ? field : field.slice(0, space);
  if (scheme.toLowerCase() !== 'bearer') return new InvalidTokenError('Only the Bearer scheme is accepted: Authorization: Bearer <key>.');
  const token = space < 0 ? '' : field.slice(space + 1).trim();
  if (token === '') return new InvalidTokenError('The Bearer token is empty.');
  if (!looksLikeApiKey(token)) return new InvalidTokenError('The Bearer token is not an API key of this service.');
  return identify(hashApiKey(token)) ?? new InvalidTokenError('The API key is unknown or revoked.');
}

function countAuthorizationFields(raw: readonly string[]): number {
  let count = 0;
  for (let i = 0; i < raw.length; i += 2) if ((raw[i] as string).length === 13 && (raw[i] as string).toLowerCase() === 'authorization') count += 1;
  return count;
}

/** The WWW-Authenticate of each refusal. */
export function challengeOf(code: AuthorizationRefusal['code']): string {
  if (code === 'missing_token') return `Bearer realm="${REALM}"`;
  return `Bearer realm="${REALM}", error="${code === 'invalid_token' ? 'invalid_token' : 'invalid_request'}"`;
}
