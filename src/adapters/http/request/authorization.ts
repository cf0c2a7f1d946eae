import type { IncomingMessage } from 'node:http';
import type { Client } from '../../../domain/clients/client.js';
import { hashApiKey, looksLikeApiKey } from '../../identity/api-key.js';
import { InvalidAuthorizationError, InvalidTokenError, type AuthorizationRefusal } from './refusals.js';

/** Longer fields are refused unread: a key is 47 characters. */
export const MAX_AUTHORIZATION_LENGTH = 256;

const VISIBLE_ASCII = /^[\x20-\x7e]*$/;

/**
 * The last well-formed key field each connection sent, with its key's hash: a connection's requests carry the same
 * field, read and hashed once. Held as long as node holds the connection, never written anywhere; whom the hash names
 * is asked on every request, so a revoked key is refused on a connection that used it.
 */
const lastKeyOf = new WeakMap<object, { readonly field: string; readonly keyHash: string }>();

/**
 * The client a request's Authorization names: undefined when it has none (anonymous), or the refusal. One pass over
 * the field, and over the raw header list only when a field is present; `identify` finds a key's client by its hash.
 */
export function clientOf(req: IncomingMessage, identify: (keyHash: string) => Client | undefined): Client | AuthorizationRefusal | undefined {
  const field = req.headers.authorization;
  if (field === undefined) return undefined;
  // node keeps the first of repeated Authorization fields; the raw list shows them all.
  if (countAuthorizationFields(req.rawHeaders) > 1) return new InvalidAuthorizationError('Send one Authorization field, not several.');
  // A request made without a connection (a test's) is not remembered.
  const socket = req.socket as object | undefined;
  const last = socket === undefined ? undefined : lastKeyOf.get(socket);
  if (last !== undefined && last.field === field) return clientNamed(last.keyHash, identify);
  if (field.length > MAX_AUTHORIZATION_LENGTH)
    return new InvalidTokenError(`The Authorization field is over ${MAX_AUTHORIZATION_LENGTH} characters.`);
  if (!VISIBLE_ASCII.test(field)) return new InvalidAuthorizationError('The Authorization field holds bytes outside visible ASCII.');
  const space = field.indexOf(' ');
  const scheme = space < 0 ? field : field.slice(0, space);
  if (scheme.toLowerCase() !== 'bearer') return new InvalidTokenError('Only the Bearer scheme is accepted: Authorization: Bearer <key>.');
  const token = space < 0 ? '' : field.slice(space + 1).trim();
  if (token === '') return new InvalidTokenError('The Bearer token is empty.');
  if (!looksLikeApiKey(token)) return new InvalidTokenError('The Bearer token is not an API key of this service.');
  const keyHash = hashApiKey(token);
  if (socket !== undefined) lastKeyOf.set(socket, { field, keyHash });
  return clientNamed(keyHash, identify);
}

function clientNamed(keyHash: string, identify: (keyHash: string) => Client | undefined): Client | InvalidTokenError {
  return identify(keyHash) ?? new InvalidTokenError('The API key is unknown or revoked.');
}

function countAuthorizationFields(raw: readonly string[]): number {
  let count = 0;
  for (let i = 0; i < raw.length; i += 2) if ((raw[i] as string).length === 13 && (raw[i] as string).toLowerCase() === 'authorization') count += 1;
  return count;
}
