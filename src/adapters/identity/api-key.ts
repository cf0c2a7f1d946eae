import { hash, randomBytes } from 'node:crypto';

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
  // The one-shot hash: a quarter of createHash's time for a key, which every keyed request pays.
  return hash('sha256', key, 'hex');
}

/** Whether `text` has the form of a key this service issues (a cheap refusal before any lookup). */
export function looksLikeApiKey(text: string): boolean {
  return API_KEY.test(text);
}

/** A key from its prefix on, its `_` percent-encoded or not (as a query string may carry it), and whatever follows it. */
const KEY_LIKE = /vaa(?:_|%5[Ff])[A-Za-z0-9_%-]*/g;
const MAYBE_KEY = /vaa(?:_|%5[Ff])/;

/**
 * `text` with anything that may be a key (from its prefix on) replaced, for every field of a log line or a body that
 * echoes what a client sent (a path, a header such as User-Agent, an error's message).
 */
export function redactKeys(text: string): string {
  // Every access line passes here: a plain search first, the expression only where the prefix's letters stand.
  return text.includes('vaa') && MAYBE_KEY.test(text) ? text.replace(KEY_LIKE, 'vaa_(not shown)') : text;
}
