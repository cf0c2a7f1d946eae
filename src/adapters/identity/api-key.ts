import { createHash, randomBytes } from 'node:crypto';

const PREFIX = 'vaa_';
/** 32 random bytes: 256 bits, 43 base64url characters. */
const RANDOM_BYTES = 32;
export const API_KEY_LENGTH = PREFIX.length + 43;
const API_KEY = /^vaa_[A-Za-z0-9_-]{43}$/;

/** A new key: `vaa_` and 256 random bits, base64url. Shown once, to whoever creates the client; only its hash is kept. */
export function issueApiKey(): string {
  return PREFIX + randomBytes(RANDOM_BYTES).toString('base64url');
}

/** SHA-256 of the key, lowercase hex: enough for random keys of 256 bits, which no dictionary holds. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** Whether `text` has the form of a key this service issues. */
export function looksLikeApiKey(text: string): boolean {
  return text.length === API_KEY_LENGTH && API_KEY.test(text);
}
