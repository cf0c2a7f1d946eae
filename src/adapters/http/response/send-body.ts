import type { ServerResponse } from 'node:http';
import { NO_STORE } from '../caching/cache-control.js';
import { EncodedBody, JsonText } from './prepared-bodies.js';

/** The headers of one response, filled in by its sender. */
export type ResponseHeaders = Record<string, string | number>;

/**
 * The headers every response starts from: `vary`, nosniff, and `no-store`, which a cacheable 200 or 304, or a route
 * with its own Cache-Control, replaces.
 */
export function baseHeaders(vary: string): ResponseHeaders {
  return { Vary: vary, 'X-Content-Type-Options': 'nosniff', 'Cache-Control': NO_STORE };
}

/** The media type of a JSON body served at no version. */
export const JSON_MEDIA_TYPE = 'application/json';

/**
 * Adds to `headers` the Content-Type and Content-Length of `body` and returns its payload: a JsonText as its bytes
 * served as `jsonContentType` (`application/json; version=…` when served at a version), an EncodedBody's bytes as its
 * own media type, anything else as JSON. No body (a 204, a 304): neither is added.
 */
export function withContent(headers: ResponseHeaders, body: unknown, jsonContentType: string = JSON_MEDIA_TYPE): Buffer | string | undefined {
  let payload: Buffer | string | undefined;
  let contentType: string | undefined;
  if (body instanceof JsonText) payload = body.bytes;
  else if (body instanceof EncodedBody) ({ bytes: payload, contentType } = body);
  else if (body !== undefined) payload = JSON.stringify(body);
  if (payload !== undefined) {
    headers['Content-Type'] = contentType ?? jsonContentType;
    headers['Content-Length'] = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
  }
  return payload;
}

/** Writes a whole response: `headers` (from baseHeaders) with its body's content headers (withContent), then the body; none for HEAD, which node drops. */
export function sendBody(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: ResponseHeaders,
  jsonContentType: string = JSON_MEDIA_TYPE,
): void {
  const payload = withContent(headers, body, jsonContentType);
  res.writeHead(status, headers);
  res.end(payload);
}
