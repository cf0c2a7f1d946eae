import { createHash, randomBytes } from 'node:crypto';

const PREFIX = 'vaa_';
/** 256 random bits: as many as the SHA-256 that stores them, out of reach of guessing. */
const KEY_BYTES = 32;
const API_KEY = /^vaa_[A-Za-z0-9_-]{43}$/;

/** The length of every key: the prefix and 32 bytes in base64url, without padding. */
export const API_KEY_LENGTH = PREFIX.length + Math.ceil((KEY_BYTES * 8) / 6);

/** A new API key: `vaa_` (recognisable in a leaked log or a secret scanner) and 256 random bits, base64url. */
export function issueApiKey(): string {
  return `${PREFIX}${randomBytes(KEY_BYTES).toString('base64url')}`;
}

/** What is stored of a key, and what a request's key is looked up by: its SHA-256, lowercase hex. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** Whether `text` has the form of a key this service issues (a cheap refusal before any lookup). */
export function looksLikeApiKey(text: string): boolean {
  return API_KEY.test(text);
}

const KEY_LIKE = /vaa_[A-Za-z0-9_-]*/g;

/** `text` with anything that may be a key (from its prefix on) replaced, for text that echoes what a client sent. */
export function redactKeys(text: string): string {
  return text.includes(PREFIX) ? text.replace(KEY_LIKE, 'vaa_(not shown)') : text;
}
