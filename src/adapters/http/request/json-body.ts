import type { IncomingMessage } from 'node:http';
import { BodyTooLargeError, MalformedBodyError, UnsupportedMediaTypeError } from './refusals.js';

/** The largest body read; a pin change is about 20 bytes. */
export const MAX_BODY_BYTES = 1024;
/** The largest body of a record's write. */
export const MAX_RECORD_BODY_BYTES = 64 * 1024;
/** How deep a body's arrays and objects may nest: every step after reading it (checks, upgrades, a merge) then stays shallow. */
export const MAX_BODY_DEPTH = 32;

const JSON_TYPE = /^application\/json\s*(;|$)/i;
const JSON_OR_MERGE_PATCH = /^application\/(merge-patch\+)?json\s*(;|$)/i;

export interface BodyLimits {
  /** MAX_BODY_BYTES when absent. */
  readonly maxBytes?: number;
  /** Whether `application/merge-patch+json` (RFC 7396) is taken as well as `application/json`. */
  readonly mergePatch?: boolean;
}

/**
 * A body a framework read before the layer: what its parser made (Express's `req.body`: a value, or the text or bytes
 * of `express.text()` and `express.raw()`), or why none is left (`lost`: the stream was read and nothing kept).
 */
export type ReadBody = { readonly parsed: unknown } | { readonly lost: string };

/**
 * The request's body as JSON, or the refusal: read up to MAX_BODY_BYTES and no further (a declared Content-Length
 * over it is refused before a byte is read), decoded as UTF-8 (invalid bytes are refused), then parsed. The server's
 * REQUEST_TIMEOUT_MS bounds how long a slow body may take. A body `read` before is checked as one read here would be
 * (its media type and declared length, then its bytes or its nesting); a lost one is a fault naming why.
 */
export function readJsonBody(
  req: IncomingMessage,
  { maxBytes = MAX_BODY_BYTES, mergePatch = false }: BodyLimits = {},
  read?: ReadBody,
): Promise<unknown> {
  const type = req.headers['content-type'];
  if (type === undefined || !(mergePatch ? JSON_OR_MERGE_PATCH : JSON_TYPE).test(type))
    return Promise.resolve(new UnsupportedMediaTypeError(mergePatch));
  const declared = req.headers['content-length'];
  if (declared !== undefined && Number(declared) > maxBytes) return Promise.resolve(new BodyTooLargeError(maxBytes));
  if (read !== undefined) return readBefore(read, maxBytes);
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (outcome: unknown): void => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onEnd);
      resolve(outcome);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > maxBytes) {
        req.pause();
        finish(new BodyTooLargeError(maxBytes));
      } else chunks.push(chunk);
    };
    const onEnd = (): void => finish(parse(Buffer.concat(chunks, size)));
    req.on('data', onData);
    req.once('end', onEnd);
    req.once('error', onEnd);
  });
}

/** A body read before the layer, as `readJsonBody` answers it. */
function readBefore(read: ReadBody, maxBytes: number): Promise<unknown> {
  if ('lost' in read) return Promise.reject(new Error(read.lost));
  const { parsed } = read;
  if (typeof parsed !== 'string' && !Buffer.isBuffer(parsed))
    return Promise.resolve(depthOf(parsed) > MAX_BODY_DEPTH ? new MalformedBodyError(TOO_DEEP) : parsed);
  const bytes = typeof parsed === 'string' ? Buffer.from(parsed) : parsed;
  return Promise.resolve(bytes.length > maxBytes ? new BodyTooLargeError(maxBytes) : parse(bytes));
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });
const TOO_DEEP = `The body nests arrays and objects deeper than ${MAX_BODY_DEPTH} levels.`;

function parse(bytes: Buffer): unknown {
  let text: string;
  try {
    text = UTF8.decode(bytes);
  } catch {
    return new MalformedBodyError('The body is not valid UTF-8.');
  }
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch (error) {
    return new MalformedBodyError(`The body is not JSON: ${(error as Error).message}.`);
  }
  return depthOf(value) > MAX_BODY_DEPTH ? new MalformedBodyError(TOO_DEEP) : value;
}

/** How deep arrays and objects nest in a parsed value (a scalar is 0), walked without recursion so no body can exhaust the stack. */
function depthOf(value: unknown): number {
  let deepest = 0;
  const pending: [unknown, number][] = [[value, 0]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [item, depth] = next;
    if (typeof item !== 'object' || item === null) continue;
    deepest = Math.max(deepest, depth + 1);
    if (deepest > MAX_BODY_DEPTH) return deepest;
    for (const member of Object.values(item)) pending.push([member, depth + 1]);
  }
  return deepest;
}
