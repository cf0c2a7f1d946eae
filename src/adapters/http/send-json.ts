import type { ServerResponse } from 'node:http';
import type { Version } from '../../domain/versioning/version.js';
import { EncodedBody } from './encoded-body.js';
import { JsonText } from './json-text.js';

/** `application/json; version=…` per version text: one string per supported version, built once. */
const contentTypes = new Map<string, string>();

function contentTypeOf(version: Version | undefined): string {
  if (version === undefined) return 'application/json';
  const text = version.toString();
  let contentType = contentTypes.get(text);
  if (contentType === undefined) {
    contentType = `application/json; version=${text}`;
    contentTypes.set(text, contentType);
  }
  return contentType;
}

/**
 * Writes a whole response: JSON body (a JsonText as its bytes; none for HEAD, which node drops), or an EncodedBody's
 * bytes as its own media type, the headers every response carries, and `extra`.
 */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  version: Version | undefined,
  extra?: Readonly<Record<string, string>>,
): void {
  let payload: Buffer | string | undefined;
  let contentType: string | undefined;
  if (body instanceof JsonText) payload = body.bytes;
  else if (body instanceof EncodedBody) ({ bytes: payload, contentType } = body);
  else if (body !== undefined) payload = JSON.stringify(body);
  const headers: Record<string, string | number> = { Vary: 'Accept', 'X-Content-Type-Options': 'nosniff' };
  if (extra !== undefined) Object.assign(headers, extra);
  if (payload !== undefined) {
    headers['Content-Type'] = contentType ?? contentTypeOf(version);
    headers['Content-Length'] = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
  }
  res.writeHead(status, headers);
  res.end(payload);
}
