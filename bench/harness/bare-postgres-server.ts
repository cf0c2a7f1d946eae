import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import { parseArgs } from 'node:util';
import pg from 'pg';
import type { RecordedResponse } from './recorded-response.js';
import { serveOnFreePort } from './server-process.js';

/**
 * The limit of this stack on PostgreSQL: a bare node:http + pg server that sends the bytes the service sends
 * (dogs at 2.1.0, with their age on TODAY). It knows three kinds of request: a dog by id, the first page by
 * offset, and a page after a cursor. With STATEMENTS `one` (the limit) each request is one named statement
 * in array mode: the least a correct answer needs, the page and its total together, as the service's SQL
 * (src/adapters/persistence/postgres/page-statements.ts) reads them. With `two` it runs a list as the service
 * ran it before (the page and the `row_counts` total, two unnamed statements at once on two connections),
 * kept to compare with earlier figures.
 * Run as its own process: `node bare-postgres-server.js <responses.json> <DATABASE_URL> <TODAY> <POOL_SIZE> [one|two]`.
 */
const {
  positionals: [table = '', url = '', today = '', poolSize = '', statements = 'one'],
} = parseArgs({ allowPositionals: true });
const DATE_OID = 1082;
const pool = new pg.Pool({
  connectionString: url,
  max: Number(poolSize),
  application_name: 'bench-bare-server',
  // As the service's pool (src/adapters/persistence/postgres/postgres-pool.ts): each statement planned once per connection,
  // and the layer's tables, in its schema, found unqualified.
  options: '-c plan_cache_mode=force_generic_plan -c search_path=version_aware_api',
  types: {
    getTypeParser: ((oid: number, format?: 'text' | 'binary'): unknown =>
      oid === DATE_OID ? (text: string) => text : (pg.types.getTypeParser(oid, format) as unknown)) as typeof pg.types.getTypeParser,
  },
});

const COLUMNS = 'id, name, birthday';
const TOTAL = `SELECT coalesce((SELECT total FROM row_counts WHERE table_name = 'dogs'), (SELECT count(*) FROM dogs)) AS total`;
const AFTER_SLICE = `(SELECT ${COLUMNS} FROM dogs WHERE id <= $1 ORDER BY id DESC LIMIT 1) UNION ALL (SELECT ${COLUMNS} FROM dogs WHERE id > $1 ORDER BY id LIMIT $2)`;
const withTotal = (slice: string): string =>
  `SELECT slice.id, slice.name, slice.birthday, counted.total FROM (${TOTAL}) AS counted LEFT JOIN (${slice}) AS slice ON true ORDER BY slice.id`;
const BY_ID = `SELECT ${COLUMNS} FROM dogs WHERE id = $1`;
/** One named statement a request: [id, name, birthday, total] rows. */
const ONE = {
  byId: { name: 'bare-by-id', text: BY_ID },
  page: { name: 'bare-page', text: withTotal(`SELECT ${COLUMNS} FROM dogs ORDER BY id LIMIT $1 OFFSET $2`) },
  after: { name: 'bare-after', text: withTotal(AFTER_SLICE) },
};
/** The service's SQL before: two unnamed statements a list. */
const TWO = {
  page: `SELECT ${COLUMNS} FROM dogs ORDER BY id LIMIT $1 OFFSET $2`,
  after: `SELECT ${COLUMNS} FROM (${AFTER_SLICE}) AS slice ORDER BY id`,
};

/** id, name, birthday (and, in a page read with its total, the total). */
type Row = readonly [string, string, string, string?];

// Every response of a kind carries the same headers but for the length, the total and the links: the recorded ones.
const recorded = JSON.parse(readFileSync(table, 'utf8')) as RecordedResponse[];
const headersOf = (matches: (path: string) => boolean): OutgoingHttpHeaders => {
  const headers: Readonly<Record<string, string>> = recorded.find((response) => matches(response.path) && response.status === 200)?.headers ?? {};
  const { 'content-length': _length, 'x-total-count': _total, link: _link, etag: _etag, ...fixed } = headers;
  return fixed;
};
// An entity tag names one representation: the one recorded for the same request target, made once like the service's.
const etags = new Map(
  recorded.flatMap((response) =>
    response.status === 200 && response.headers['etag'] !== undefined ? [[response.path, response.headers['etag']]] : [],
  ),
);
const detailHeaders = headersOf((path) => /^\/doggies\/\d+\/$/.test(path));
const listHeaders = headersOf((path) => path.startsWith('/doggies/?'));

const DAY_MS = 86_400_000;
const todayMs = Date.parse(`${today}T00:00:00Z`);
// The service's age: whole days since the birthday over 365, rounded down.
const dogJson = ([id, name, birthday]: Row): string => {
  const age = Math.floor((todayMs - Date.parse(`${birthday}T00:00:00Z`)) / DAY_MS / 365);
  return `{"id":${id},"name":${JSON.stringify(name)},"birthday":"${birthday}","age":${age}}`;
};

function send(res: ServerResponse, target: string, headers: OutgoingHttpHeaders, body: string): void {
  const etag = etags.get(target);
  res.writeHead(200, { ...headers, ...(etag === undefined ? {} : { etag }), 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

const arrayQuery = async (config: Omit<pg.QueryArrayConfig, 'rowMode'>): Promise<Row[]> =>
  (await pool.query<Row & unknown[]>({ ...config, rowMode: 'array' })).rows;

/** The rows of a page and the collection's total. */
async function rowsOf(limit: number, offset: number, after: string | null): Promise<{ rows: readonly Row[]; total: string }> {
  if (statements === 'one') {
    const rows = await arrayQuery(after === null ? { ...ONE.page, values: [limit + 1, offset] } : { ...ONE.after, values: [after, limit + 1] });
    const first = rows[0] as Row;
    return { rows: first[0] === null ? [] : rows, total: String(first[3]) };
  }
  const [rows, counted] = await Promise.all([
    after === null ? arrayQuery({ text: TWO.page, values: [limit + 1, offset] }) : arrayQuery({ text: TWO.after, values: [after, limit + 1] }),
    pool.query<{ total: string }>(TOTAL),
  ]);
  return { rows, total: (counted.rows[0] as { total: string }).total };
}

async function list(res: ServerResponse, target: string, path: string, query: URLSearchParams): Promise<void> {
  const limit = Number(query.get('limit') ?? '100');
  const after = query.get('starting_after');
  const offset = Number(query.get('offset') ?? '0');
  const { rows, total } = await rowsOf(limit, offset, after);
  const start = after !== null && rows.length > 0 && Number((rows[0] as Row)[0]) <= Number(after) ? 1 : 0;
  const page = rows.slice(start, start + limit);
  const links: string[] = [];
  if (page.length > 0 && start + limit < rows.length)
    links.push(`<${path}?limit=${limit}&starting_after=${(page[page.length - 1] as Row)[0]}>; rel="next"`);
  if (page.length > 0 && (after === null ? offset > 0 : start > 0))
    links.push(`<${path}?limit=${limit}&ending_before=${(page[0] as Row)[0]}>; rel="prev"`);
  const headers: OutgoingHttpHeaders = { ...listHeaders, 'x-total-count': total };
  if (links.length > 0) headers['link'] = links.join(', ');
  send(res, target, headers, `[${page.map(dogJson).join(',')}]`);
}

async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const [path = '', search = ''] = (req.url ?? '').split('?', 2);
  const detail = /^\/doggies\/(\d+)\/$/.exec(path);
  if (detail !== null) {
    const rows = await arrayQuery(statements === 'one' ? { ...ONE.byId, values: [detail[1]] } : { text: BY_ID, values: [detail[1]] });
    if (rows[0] !== undefined) return send(res, req.url ?? '', detailHeaders, dogJson(rows[0]));
  } else if (path === '/doggies/') {
    return list(res, req.url ?? '', path, new URLSearchParams(search));
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
serveOnFreePort(server, () => pool.end());
