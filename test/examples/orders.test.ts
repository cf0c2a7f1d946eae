import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { SERVICE_SETTING_NAMES } from '../fixtures/setting-names.js';
import { join } from 'node:path';
import t, { type Test } from 'tap';
import { ROOT, serveProgram, type Served } from '../fixtures/served-program.js';
import { testDatabase } from '../fixtures/postgres/test-database.js';
import { createPool } from '../../src/adapters/persistence/postgres/postgres-pool.js';
import { API_CONTRACT_FILE_NAMES, apiContracts } from '../../tools/released-contracts.js';
import { compareContracts, frozenContracts, problemLine } from '../../tools/frozen-contracts.js';

// The second API, examples/orders: built from the package's exports alone and served by `npm run example`.
const SERVER = ['examples/orders/server.mjs'];
const FOLDER = join(ROOT, 'examples', 'orders');

const json = async (served: Served, path: string, version?: string): Promise<unknown> => JSON.parse(await served.get(path, version)) as unknown;

/** Order 1 and customer 1 at each version, and which endpoints each version serves. */
async function servesTheShop(t: Test, served: Served): Promise<void> {
  const order = (version: string) => json(served, '/orders/1/', version);
  t.same(await order('1.0.0'), { id: 1, customer_id: 1, amount: 1250, status: 'paid' }, '1.0.0: the amount in cents, status');
  t.same(await order('3.0.0'), { id: 1, customer_id: 1, amount: 1250, state: 'paid' }, '3.0.0: status renamed state');
  t.same(await order('4.0.0'), { id: 1, customer_id: 1, amount: { value: 1250, currency: 'EUR' }, state: 'paid' }, '4.0.0: the amount an object');
  t.same(await json(served, '/customers/1/', '2.0.0'), { id: 1, name: 'Ada' }, '2.0.0: customers, no email yet');
  t.same(await json(served, '/customers/1/', '3.0.0'), { id: 1, name: 'Ada', email: 'ada@example.com' }, '3.0.0: email added');
  const status = async (path: string, version: string) =>
    (await fetch(`${served.url}${path}`, { headers: { accept: `application/json; version=${version}` } })).status;
  t.same(
    [
      await status('/customers/', '1.0.0'),
      await status('/customers/', '2.0.0'),
      await status('/coupons/', '3.0.0'),
      await status('/coupons/', '4.0.0'),
    ],
    [404, 200, 200, 404],
    'customers introduced at 2.0.0; coupons served last at 3.0.0',
  );
  const changelog = (await json(served, '/version/')) as { version: string; models: string[] }[];
  t.same(
    changelog.map(({ version, models }) => [version, models]),
    [
      [
        '4.0.0',
        ['Order.amount: changed from integer to object {value: integer, currency: string} — the amount in cents became an object with its currency'],
      ],
      ['3.0.0', ['Customer.email: added, string', 'Order.status: renamed state, string']],
      ['2.0.0', []],
      ['1.0.0', []],
    ],
    'the changelog generated from the declarations',
  );
  const old = (await json(served, '/openapi.json', '1.0.0')) as {
    paths: object;
    components: { schemas: Record<string, { properties: Record<string, object> }> };
  };
  t.same(
    Object.keys(old.paths).filter((path) => !path.startsWith('/version') && !path.startsWith('/client')),
    ['/orders/', '/orders/{id}/', '/coupons/', '/coupons/{id}/', '/openapi.json', '/health/', '/.well-known/api-catalog'],
  );
  t.same(
    old.components.schemas['Order']?.properties['amount'],
    { type: 'integer', minimum: 1, description: 'In cents of EUR.' },
    "1.0.0's Order.amount",
  );
}

/** A write in the oldest shape: stored in the newest, answered in its own; a customer needs its email from 3.0.0 on. */
async function writesToTheShop(t: Test, served: Served): Promise<void> {
  const send = async (method: string, path: string, version: string, body: unknown) => {
    const response = await fetch(`${served.url}${path}`, {
      method,
      headers: { accept: `application/json; version=${version}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, location: response.headers.get('location'), body: (await response.json()) as Record<string, unknown> };
  };
  const created = await send('POST', '/orders/', '1.0.0', { customer_id: 2, amount: 500, status: 'placed' });
  t.same(
    created,
    { status: 201, location: '/orders/3/', body: { id: 3, customer_id: 2, amount: 500, status: 'placed' } },
    "created in 1.0.0's shape",
  );
  t.same(
    await json(served, '/orders/3/', '4.0.0'),
    { id: 3, customer_id: 2, amount: { value: 500, currency: 'EUR' }, state: 'placed' },
    'stored in the newest: status renamed, amount an object',
  );
  const patched = await send('PATCH', '/orders/3/', '3.0.0', { state: 'paid' });
  t.same(patched.body, { id: 3, customer_id: 2, amount: 500, state: 'paid' }, "patched in 3.0.0's shape");
  const customer = await send('POST', '/customers/', '2.0.0', { name: 'Edsger' });
  t.same(
    [customer.status, customer.body.detail],
    [422, 'The body, upgraded from version 2.0.0 to 4.0.0, does not fit Customer: "email" is required (required).'],
    'a 2.0.0 customer lacks the email the newest shape requires',
  );
  t.equal((await send('POST', '/customers/', '3.0.0', { name: 'Edsger', email: 'ewd@example.com' })).status, 201, 'and is made at 3.0.0');
  t.equal((await send('POST', '/coupons/', '3.0.0', { code: 'SPRING' })).status, 405, 'coupons take no write');
}

t.test("the shop's released versions are frozen: what it publishes is what examples/orders/contracts holds", async (t) => {
  const generated = await apiContracts(join(FOLDER, 'api.mjs'), 'SHOP');
  t.same([...new Set(generated.map(({ version }) => version))], ['4.0.0', '3.0.0', '2.0.0', '1.0.0']);
  t.same(
    compareContracts(await frozenContracts(join(FOLDER, 'contracts'), API_CONTRACT_FILE_NAMES), generated).map(problemLine),
    [],
    'no difference: when a change is deliberate, run `npm run example:contracts -- accept` and commit',
  );
  const [newest] = generated;
  t.match(newest?.content, { info: { title: 'Shop API', summary: "The shop's API as version 4.0.0 serves it." } }, 'its own title');
  await t.rejects(apiContracts(join(FOLDER, 'api.mjs'), 'ORDERS'), { message: /exports no API as ORDERS: export what defineApi gives/ });
});

t.test('examples/ imports the layer only through its two entries', async (t) => {
  for (const file of readdirSync(FOLDER).filter((name) => name.endsWith('.mjs'))) {
    const source = readFileSync(join(FOLDER, file), 'utf8');
    const imported = [...source.matchAll(/^import[^'"]*['"]([^'"]+)['"]/gm)].map((match) => match[1] as string);
    t.same(
      imported.filter((name) => !['version-aware-api', 'version-aware-api/versioning'].includes(name) && !name.startsWith('./')),
      [],
      file,
    );
  }
});

t.test('the shop in memory, as npm run example serves it', async (t) => {
  await serveProgram(t, SERVER, {}, async (served) => {
    await servesTheShop(t, served);
    await writesToTheShop(t, served);
  });
});

t.test("the shop's own API keys: made by its clients script, pinned to its versions, served at the pin", async (t) => {
  const folder = await mkdtemp(join(tmpdir(), 'shop-clients-'));
  t.teardown(() => rm(folder, { recursive: true, force: true }));
  const clientsFile = join(folder, 'clients.json');
  const created = await runScript('clients.mjs', ['create', 'till', '--version', '2.0.0'], { CLIENTS_FILE: clientsFile });
  t.equal(created.code, 0, created.stderr);
  const key = /vaa_[\w-]+/.exec(created.stdout)?.[0];
  t.ok(key, 'a key is printed once');
  const refused = await runScript('clients.mjs', ['create', 'old', '--version', '5.0.0'], { CLIENTS_FILE: clientsFile });
  t.same(
    [refused.code, /5\.0\.0/.test(refused.stderr)],
    [1, true],
    "a version the shop does not have is refused: the shop's versions, not the reference's",
  );
  await serveProgram(t, SERVER, { CLIENTS_FILE: clientsFile }, async (served) => {
    const response = await fetch(`${served.url}/orders/1/`, { headers: { authorization: `Bearer ${key as string}` } });
    t.same(
      [response.headers.get('content-type'), await response.json()],
      ['application/json; version=2.0.0', { id: 1, customer_id: 1, amount: 1250, status: 'paid' }],
      "the client's request, no version named: served at its pin",
    );
  });
});

t.test('the shop on PostgreSQL: its tables made from its schemas and filled by its load-data script, an object field in jsonb', async (t) => {
  const url = await testDatabase(t);
  if (url === undefined) return;
  const pool = createPool({ url, size: 1, onIdleError: () => undefined });
  t.teardown(() => pool.end());
  const loaded = await runScript('load-data.mjs', ['--sample'], { STORAGE: 'postgres', DATABASE_URL: url });
  t.same(
    [loaded.code, loaded.stdout.trim()],
    [0, `Loaded 2 customers, 2 orders, and 1 coupon into ${url.replace(/:[^:@/]*@/, ':***@')}.`],
    loaded.stderr,
  );
  await serveProgram(t, SERVER, { STORAGE: 'postgres', DATABASE_URL: url, DATABASE_POOL_SIZE: '2' }, async (served) => {
    const { rows } = await pool.query<{ data_type: string }>(
      "SELECT data_type FROM information_schema.columns WHERE table_name = 'orders' AND column_name = 'amount'",
    );
    t.same(rows, [{ data_type: 'jsonb' }], 'orders.amount is jsonb');
    await servesTheShop(t, served);
    await writesToTheShop(t, served);
    const { rows: stored } = await pool.query('SELECT id, customer_id, amount, state FROM orders WHERE id = 3');
    t.same(stored, [{ id: '3', customer_id: '2', amount: { value: 500, currency: 'EUR' }, state: 'paid' }], 'the row holds the newest shape');
  });
});

/** One of the example's scripts, with these settings alone: its exit code and output. */
async function runScript(
  script: string,
  args: readonly string[],
  settings: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of SERVICE_SETTING_NAMES) delete env[name];
  delete env['NODE_OPTIONS'];
  const child = spawn(process.execPath, [join(FOLDER, script), ...args], { cwd: ROOT, env: { ...env, TODAY: '2026-11-22', ...settings } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { code, stdout, stderr };
}
