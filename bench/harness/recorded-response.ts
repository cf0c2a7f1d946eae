import { readFileSync } from 'node:fs';
import { request, type OutgoingHttpHeaders } from 'node:http';

/** One response as the service sent it: what the bare server replays, byte for byte. */
export interface RecordedResponse {
  readonly path: string;
  readonly accept: string;
  /** The If-None-Match sent, if any. */
  readonly ifNoneMatch?: string | undefined;
  readonly status: number;
  /** Header names lowercased; the per-connection ones (date, connection, keep-alive) left out. */
  readonly headers: Readonly<Record<string, string>>;
  /** The body, base64. */
  readonly body: string;
}

const PER_CONNECTION = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/** One GET of `path` with this Accept header (and If-None-Match, and further headers), on a fresh connection. */
export function record(
  baseUrl: string,
  path: string,
  accept: string,
  ifNoneMatch?: string,
  further: Readonly<Record<string, string>> = {},
): Promise<RecordedResponse> {
  return new Promise((resolve, reject) => {
    const headers = { ...further, accept, ...(ifNoneMatch === undefined ? {} : { 'if-none-match': ifNoneMatch }) };
    const req = request(`${baseUrl}${path}`, { headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(res.headers)) {
          if (!PER_CONNECTION.has(name) && value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
        }
        resolve({ path, accept, ifNoneMatch, status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks).toString('base64') });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/** Why two recordings differ (status, a header, the body bytes), or undefined when they are the same. */
export function difference(expected: RecordedResponse, actual: RecordedResponse): string | undefined {
  if (expected.status !== actual.status) return `status ${actual.status}, expected ${expected.status}`;
  for (const name of new Set([...Object.keys(expected.headers), ...Object.keys(actual.headers)])) {
    if (expected.headers[name] !== actual.headers[name]) {
      return `header ${name}: ${JSON.stringify(actual.headers[name])}, expected ${JSON.stringify(expected.headers[name])}`;
    }
  }
  if (expected.body !== actual.body) return 'the body bytes differ';
  return undefined;
}

/** A recorded response as a bare server sends it again: its status, headers and body bytes. */
export interface Reply {
  readonly status: number;
  readonly headers: OutgoingHttpHeaders;
  readonly body: Buffer;
}

/** The replies of a responses table (the bench's JSON file), by `path\naccept\nif-none-match`, as the bare servers look them up. */
export function readReplies(responsesFile: string): { readonly replies: ReadonlyMap<string, Reply>; readonly paths: readonly string[] } {
  const recorded = JSON.parse(readFileSync(responsesFile, 'utf8')) as RecordedResponse[];
  const replies = new Map<string, Reply>(
    recorded.map((response) => [
      `${response.path}\n${response.accept}\n${response.ifNoneMatch ?? ''}`,
      { status: response.status, headers: response.headers, body: Buffer.from(response.body, 'base64') },
    ]),
  );
  return { replies, paths: [...new Set(recorded.map(({ path }) => path))] };
}
