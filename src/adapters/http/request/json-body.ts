import type { IncomingMessage } from 'node:http';
import { BodyTooLargeError, MalformedBodyError, UnsupportedMediaTypeError } from './refusals.js';

/** The largest body read; a pin change is about 20 bytes. */
export const MAX_BODY_BYTES = 1024;

const JSON_TYPE = /^application\/json\s*(;|$)/i;

/**
 * The request's body as JSON, or the refusal: read up to MAX_BODY_BYTES and no further (a declared Content-Length
 * over it is refused before a byte is read), decoded as UTF-8 (invalid bytes are refused), then parsed. The server's
 * REQUEST_TIMEOUT_MS bounds how long a slow body may take.
 */
export function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const type = req.headers['content-type'];
  if (type === undefined || !JSON_TYPE.test(type)) return Promise.resolve(new UnsupportedMediaTypeError());
  const declared = req.headers['content-length'];
  if (declared !== undefined && Number(declared) > MAX_BODY_BYTES) return Promise.resolve(new BodyTooLargeError(MAX_BODY_BYTES));
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
      if (size > MAX_BODY_BYTES) {
        req.pause();
        finish(new BodyTooLargeError(MAX_BODY_BYTES));
      } else chunks.push(chunk);
    };
    const onEnd = (): void => finish(parse(Buffer.concat(chunks, size)));
    req.on('data', onData);
    req.once('end', onEnd);
    req.once('error', onEnd);
  });
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });

function parse(bytes: Buffer): unknown {
  let text: string;
  try {
    text = UTF8.decode(bytes);
  } catch {
    return new MalformedBodyError('The body is not valid UTF-8.');
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    return new MalformedBodyError(`The body is not JSON: ${(error as Error).message}.`);
  }
}
