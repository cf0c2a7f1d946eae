import type { ServerResponse } from 'node:http';
import type { Version } from '../../domain/versioning/version.js';
import { JsonText } from './json-text.js';

/** Writes a whole response: JSON body (a JsonText as it is; none for HEAD, which node drops), the headers every response carries, and `extra`. */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  version: Version | undefined,
  extra: Readonly<Record<string, string>> = {},
): void {
  const payload = body === undefined ? undefined : body instanceof JsonText ? body.text : JSON.stringify(body);
  const headers: Record<string, string | number> = { Vary: 'Accept', 'X-Content-Type-Options': 'nosniff', ...extra };
  if (payload !== undefined) {
    headers['Content-Type'] = version === undefined ? 'application/json' : `application/json; version=${version}`;
    headers['Content-Length'] = Buffer.byteLength(payload);
  }
  res.writeHead(status, headers);
  res.end(payload);
}
