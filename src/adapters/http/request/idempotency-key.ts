import type { IncomingMessage } from 'node:http';
import { BadRequestError } from './refusals.js';

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** Stripe's bound: up to 255 characters, here the visible ASCII ones. */
const KEY = /^[\x21-\x7e]{1,255}$/;
/** The IETF draft (httpapi-idempotency-key-header) writes the key as a structured-field string. */
const QUOTED = /^"([^"\\]*)"$/;

/** The request's Idempotency-Key (bare, as Stripe's clients send it, or quoted, as the IETF draft does), none, or a 400 for one that is not a key. */
export function idempotencyKeyOf(req: IncomingMessage): string | undefined | BadRequestError {
  // Node joins a repeated header with ", ", which no key holds: two keys are refused.
  const value = req.headers['idempotency-key'] as string | undefined;
  if (value === undefined) return undefined;
  const key = QUOTED.exec(value)?.[1] ?? value;
  if (!KEY.test(key)) return new BadRequestError(`The ${IDEMPOTENCY_KEY_HEADER} header must be one key of 1 to 255 visible ASCII characters.`);
  return key;
}
