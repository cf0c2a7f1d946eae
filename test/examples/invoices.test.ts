import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import t, { type Test } from 'tap';
import { ROOT, serveProgram, type Served } from '../fixtures/served-program.js';
import { testDatabase } from '../fixtures/postgres/test-database.js';
import { createPool } from '../../src/adapters/persistence/postgres/postgres-pool.js';
import { API_CONTRACT_FILE_NAMES, apiContracts } from '../../tools/released-contracts.js';
import { compareContracts, frozenContracts, problemLine } from '../../tools/frozen-contracts.js';

// The third API, examples/invoices: a team's existing code (its store, its SQL, string ids, a pay action) with the
// layer added over it through the package's exports, served by `npm run example:invoices`.
const SERVER = ['examples/invoices/server.mjs'];
const FOLDER = join(ROOT, 'examples', 'invoices');

async function call(served: Served, method: string, path: string, version: string, body?: unknown) {
  const response = await fetch(`${served.url}${path}`, {
    method,
    headers: { accept: `application/json; version=${version}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, location: response.headers.get('location'), body: await response.json() };
}

/**
 * What each version sees of the same invoices, the customer nested in each walked back with it; writes in the oldest
 * shape. `prefix`: where a mount serves the API (served.url ends with it).
 */
async function servesTheInvoices(t: Test, served: Served, prefix = ''): Promise<void> {
  const ada = { id: 'cus_ada', name: 'Ada Lovelace' };
  const one = { id: 'inv_1001', created: '2026-11-01T10:00:00.000Z' };
  t.same(
    (await call(served, 'GET', '/invoices/inv_1001/', '1.0.0')).body,
    { ...one, customer: ada, amount: 1250, status: 'issued' },
    '1.0.0: cents, issued, the name',
  );
  t.same((await call(served, 'GET', '/invoices/inv_1001/', '2.0.0')).body, {
    ...one,
    customer: ada,
    amount: { value: 1250, currency: 'EUR' },
    status: 'issued',
  });
  t.same(
    (await call(served, 'GET', '/invoices/inv_1001/', '3.0.0')).body,
    { ...one, customer: { id: 'cus_ada', display_name: 'Ada Lovelace' }, amount: { value: 1250, currency: 'EUR' }, status: 'open' },
    '3.0.0: the newest, as the handlers give it',
  );
  const listed = (await call(served, 'GET', '/invoices/?status=issued', '1.0.0')).body as { id: string; customer: object }[];
  t.same(
    listed.map(({ id, customer }) => [id, customer]),
    [['inv_1001', ada]],
    "1.0.0's filter, in 1.0.0's words, the customer walked in the list",
  );
  t.match(await call(served, 'GET', '/invoices/?status=open', '1.0.0'), { status: 400 }, 'open is not a 1.0.0 status');
  t.match(await call(served, 'GET', '/invoices/inv_x/', '3.0.0'), { status: 400, body: { detail: /path parameter "id"/ } }, 'an id that is not one');
  t.match(await call(served, 'GET', '/invoices/inv_9/', '3.0.0'), { status: 404, body: { detail: 'No invoice has this id.' } });
  t.match(await call(served, 'POST', '/invoices/inv_1001/pay', '1.0.0'), { status: 404, body: { detail: 'Not found.' } }, 'no pay at 1.0.0');
  t.match(
    await call(served, 'POST', '/invoices/inv_1003/pay', '2.0.0'),
    { status: 409, body: { detail: 'Only an open invoice is paid.' } },
    "the team's 409",
  );
  const created = await call(served, 'POST', '/invoices/', '1.0.0', { customer_id: 'cus_grace', amount: 700, finalize: true });
  t.match(
    created,
    { status: 201, body: { customer: { id: 'cus_grace', name: 'Grace Hopper' }, amount: 700, status: 'issued' } },
    "created in 1.0.0's shape",
  );
  const id = (created.body as { id: string }).id;
  t.equal(created.location, `${prefix}/invoices/${id}/`);
  t.match(
    await call(served, 'GET', `/invoices/${id}/`, '3.0.0'),
    { body: { amount: { value: 700, currency: 'EUR' }, status: 'open' } },
    'stored in the newest',
  );
  t.match(await call(served, 'POST', `/invoices/${id}/pay`, '3.0.0'), { status: 200, body: { status: 'paid' } });
  t.match(await call(served, 'POST', '/invoices/', '1.0.0', { customer_id: 'cus_nobody', amount: 700 }), {
    status: 422,
    body: { detail: 'No customer has this id.' },
  });
  const old = (await call(served, 'GET', '/openapi.json', '1.0.0')).body as {
    paths: object;
    components: { schemas: Record<string, { properties: object }> };
  };
  t.same(Object.keys(old.components.schemas['Customer']?.properties ?? {}), ['id', 'name'], "the 1.0.0 document's Customer");
  t.notOk('/invoices/{id}/pay' in old.paths, 'and no pay in it');
  const changelog = (await call(served, 'GET', '/version/', '3.0.0')).body as { version: string; views: { actions_introduced: string[] } }[];
  t.same(changelog.find(({ version }) => version === '2.0.0')?.views.actions_introduced, ['InvoiceViewSet.pay']);
}

t.test("the invoicing API's released versions are frozen: what it publishes is what examples/invoices/contracts holds", async (t) => {
  const generated = await apiContracts(join(FOLDER, 'api.mjs'), 'INVOICING');
  t.same([...new Set(generated.map(({ version }) => version))], ['3.0.0', '2.0.0', '1.0.0']);
  t.same(
    compareContracts(await frozenContracts(join(FOLDER, 'contracts'), API_CONTRACT_FILE_NAMES), generated).map(problemLine),
    [],
    'no difference: when a change is deliberate, run `npm run example:invoices:contracts -- accept` and commit',
  );
});

/** The layer's entries, and what a team already has: node's modules, its driver, its frameworks. */
const ENTRIES = [
  ...['', '/versioning', '/express', '/fastify', '/fetch'].map((entry) => `version-aware-api${entry}`),
  ...['node:http', 'node:util', 'pg', 'express', 'fastify', 'hono', '@hono/node-server'],
];

t.test("examples/invoices imports the layer only through the package's entries", async (t) => {
  for (const file of readdirSync(FOLDER, { recursive: true }).filter((name) => String(name).endsWith('.mjs'))) {
    const source = readFileSync(join(FOLDER, String(file)), 'utf8');
    const imported = [...source.matchAll(/^import[^'"]*['"]([^'"]+)['"]/gm)].map((match) => match[1] as string);
    t.same(
      imported.filter((name) => !ENTRIES.includes(name) && !name.startsWith('./')),
      [],
      String(file),
    );
  }
});

t.test('the invoices in memory, as npm run example:invoices serves them', async (t) => {
  await serveProgram(t, SERVER, {}, (served) => servesTheInvoices(t, served));
});

t.test("the invoices in the team's own PostgreSQL tables, the layer's clients and usage in its own schema beside them", async (t) => {
  const url = await testDatabase(t);
  if (url === undefined) return;
  await serveProgram(t, SERVER, { DATABASE_URL: url, DATABASE_POOL_SIZE: '2' }, async (served) => {
    await servesTheInvoices(t, served);
    const pool = createPool({ url, size: 1, onIdleError: () => undefined });
    t.teardown(() => pool.end());
    const { rows } = await pool.query<{ schema: string; name: string }>(
      "SELECT table_schema AS schema, table_name AS name FROM information_schema.tables WHERE table_name IN ('invoices', 'customers', 'api_clients') ORDER BY 1, 2",
    );
    t.same(rows, [
      { schema: 'public', name: 'customers' },
      { schema: 'public', name: 'invoices' },
      { schema: 'version_aware_api', name: 'api_clients' },
    ]);
    const { rows: paid } = await pool.query<{ status: string }>("SELECT status FROM public.invoices WHERE status = 'paid' ORDER BY id");
    t.equal(paid.length, 2, "the team's rows, written by its own SQL");
  });
});

t.test("the invoices mounted: node:http, Express (behind express.json()), Fastify and Hono, beside the team's GET /ping", async (t) => {
  for (const [mount, prefix] of [
    ['node', ''],
    ['express', '/api'],
    ['express', ''],
    ['fastify', '/api'],
    ['fetch', '/api'],
  ] as const) {
    await t.test(`--mount=${mount}${prefix === '' ? '' : ` --prefix=${prefix}`}`, async (t) => {
      const args = [...SERVER, `--mount=${mount}`, ...(prefix === '' ? [] : [`--prefix=${prefix}`])];
      await serveProgram(t, args, {}, async (served) => {
        t.equal(served.url.endsWith(prefix), true, 'listening at the prefix');
        const origin = new URL(served.url).origin;
        t.equal(await (await fetch(`${origin}/ping`)).text(), 'pong', "the team's own route");
        const handedOn = await fetch(`${served.url}/nothing/`);
        t.same(
          [handedOn.status, await handedOn.json()],
          [404, { detail: 'Not a path of this app.' }],
          "a path the API does not serve: the team's 404",
        );
        t.match(await call(served, 'GET', '/invoices/inv_1001/', '9.9.9'), { status: 406 }, 'a bad version');
        const moved = await fetch(`${served.url}/invoices?status=open`, { redirect: 'manual' });
        t.same([moved.status, moved.headers.get('location')], [301, `${prefix}/invoices/?status=open`], 'the 301, below the prefix');
        const document = JSON.parse(await served.get('/openapi.json', '1.0.0')) as { servers: { url: string }[] };
        t.equal(document.servers[0]?.url, prefix === '' ? '/' : prefix, "the document's servers");
        await servesTheInvoices(t, served, prefix);
      });
    });
  }
});

t.test('a mount or prefix the example does not know is refused, exit 2', async (t) => {
  for (const args of [['--mount=koa'], ['--prefix=/api'], ['--mount=express', '--prefix=api/'], ['--mount=node', '--prefix=/api']]) {
    const { status, stderr } = spawnSync(process.execPath, [...SERVER, ...args], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, PORT: '0' } });
    t.same([status, /^--(mount|prefix)=/.test(stderr)], [2, true], `${args.join(' ')}: ${stderr.trim()}`);
  }
});
