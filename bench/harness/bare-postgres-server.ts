import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import type { RecordedResponse } from './recorded-response.js';

/**
 * The limit of this stack on PostgreSQL: a bare node:http + pg server that runs, for each request, the SQL the
 * service runs for it and sends the bytes the service sends (dogs at 2.1.0, with their age on TODAY).
 * It knows three kinds of request: a dog by id, the first page by offset, and a page after a cursor.
 * Run as its own process: `node bare-postgres-server.js <responses.json> <DATABASE_URL> <TODAY> <POOL_SIZE>`.
 */
const [table, url, today, poolSize] = process.argv.slice(2) as [string, string, string, string];
const DATE_OID = 1082;
const pool = new pg.Pool({
  connectionString: url,
  max: Number(poolSize),
  application_name: 'bench-bare-server',
  types: {
    getTypeParser: ((oid: number, format?: 'text' | 'binary'): unknown =>
      oid === DATE_OID ? (text: string) => text : (pg.types.getTypeParser(oid, format) as unknown)) as typeof pg.types.getTypeParser,
  },
});

// The service's SQL, as postgres-record-repository.ts writes it.
const COLUMNS = 'id, name, birthday';
const BY_ID = `SELECT ${COLUMNS} FROM dogs WHERE id = $1`;
const PAGE = `SELECT ${COLUMNS} FROM dogs ORDER BY id LIMIT $1 OFFSET $2`;
const AFTER =
  `SELECT ${COLUMNS} FROM ((SELECT ${COLUMNS} FROM dogs WHERE id <= $1 ORDER BY id DESC LIMIT 1) ` +
  `UNION ALL (SELECT ${COLUMNS} FROM dogs WHERE id > $1 ORDER BY id LIMIT $2)) AS slice ORDER BY id`;
const COUNT = `SELECT coalesce((SELECT total FROM row_counts WHERE table_name = 'dogs'), (SELECT count(*) FROM dogs)) AS total`;

interface Row {
  readonly id: string;
  readonly name: string;
  readonly birthday: string;
}

// Every response of a kind carries the same headers but for the length, the total and the links: the recorded ones.
const recorded = JSON.parse(readFileSync(table, 'utf8')) as RecordedResponse[];
const headersOf = (matches: (path: string) => boolean): OutgoingHttpHeaders => {
  const headers: Readonly<Record<string, string>> = recorded.find((response) => matches(response.path) && response.status === 200)?.headers ?? {};
  const { 'content-length': _length, 'x-total-count': _total, link: _link, ...fixed } = headers;
  return fixed;
};
const detailHeaders = headersOf((path) => /^\/doggies\/\d+\/$/.test(path));
const listHeaders = headersOf((path) => path.startsWith('/doggies/?'));

const DAY_MS = 86_400_000;
const todayMs = Date.parse(`${today}T00:00:00Z`);
// The service's age: whole days since the birthday over 365, rounded down.
const dogJson = (row: Row): string => {
  const age = Math.floor((todayMs - Date.parse(`${row.birthday}T00:00:00Z`)) / DAY_MS / 365);
  return `{"id":${row.id},"name":${JSON.stringify(row.name)},"birthday":"${row.birthday}","age":${age}}`;
};

function send(res: ServerResponse, headers: OutgoingHttpHeaders, body: string): void {
  res.writeHead(200, { ...headers, 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

async function list(res: ServerResponse, path: string, query: URLSearchParams): Promise<void> {
  const limit = Number(query.get('limit') ?? '100');
  const after = query.get('starting_after');
  const offset = Number(query.get('offset') ?? '0');
  const [{ rows }, counted] = await Promise.all([
    after === null ? pool.query<Row>(PAGE, [limit + 1, offset]) : pool.query<Row>(AFTER, [after, limit + 1]),
    pool.query<{ total: string }>(COUNT),
  ]);
  const start = after !== null && rows.length > 0 && Number((rows[0] as Row).id) <= Number(after) ? 1 : 0;
  const page = rows.slice(start, start + limit);
  const links: string[] = [];
  if (page.length > 0 && start + limit < rows.length)
    links.push(`<${path}?limit=${limit}&starting_after=${(page[page.length - 1] as Row).id}>; rel="next"`);
  if (page.length > 0 && (after === null ? offset > 0 : start > 0))
    links.push(`<${path}?limit=${limit}&ending_before=${(page[0] as Row).id}>; rel="prev"`);
  const headers: OutgoingHttpHeaders = { ...listHeaders, 'x-total-count': (counted.rows[0] as { total: string }).total };
  if (links.length > 0) headers['link'] = links.join(', ');
  send(res, headers, `[${page.map(dogJson).join(',')}]`);
}

async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const [path = '', search = ''] = (req.url ?? '').split('?', 2);
  const detail = /^\/doggies\/(\d+)\/$/.exec(path);
  if (detail !== null) {
    const { rows } = await pool.query<Row>(BY_ID, [detail[1]]);
    if (rows[0] !== undefined) return send(res, detailHeaders, dogJson(rows[0]));
  } else if (path === '/doggies/') {
    return list(res, path, new URLSearchParams(search));
  }
  res.writeHead(500);
  res.end();
}

const server = createServer((req, res) => {
  answer(req, res).catch(() => {
    res.writeHead(500);
    res.end();
  });
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })}\n`);
});
process.once('SIGTERM', () => server.close(() => void pool.end().then(() => process.exit(0))));
