// Needs: PostgreSQL
import pg from 'pg';
import t from 'tap';
import { EARLIER_RELEASE_DUMP, restoreDump } from '../../../fixtures/postgres/database-dump.js';
import { administer, testDatabase } from '../../../fixtures/postgres/test-database.js';
import { startService } from '../../../fixtures/service.js';
import { SHOP } from '../../../fixtures/shop-api.js';

// A database of the release before the layer's own schema (every table in public; test/fixtures/postgres/earlier-release.sql,
// made by that release) is moved into the schema by the first start, every row kept and served.

/** The keys the earlier release printed when it made the clients (only their hashes are in the dump). */
const KEYS = {
  'old-shop': 'vaa_yRqrcTnPt43C_rH34_Grs--ZIC_eqyWzki6cTSCTFJM',
  'new-shop': 'vaa_0Pb08Aw2aRcSnPj-CJQevFf-cbEZxPF_ZR44uadlzG4',
  'gone-shop': 'vaa_eDFd1UzvY7hIOYgh8E8adnJFbJTWaCfH82VUkFMcdfI',
} as const;
const TABLES = ['dogs', 'cats', 'orders', 'api_clients', 'api_usage', 'idempotency_keys', 'row_counts'];

const url = await testDatabase(t);
if (url !== undefined) {
  await restoreDump(url, EARLIER_RELEASE_DUMP);
  // As if dumped a moment ago: an Idempotency-Key is kept for 24 hours.
  await administer(url, 'UPDATE public.idempotency_keys SET created_at = now()');
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  t.teardown(() => admin.end());
  const rowsOf = async (schema: string): Promise<Record<string, unknown[]>> => {
    const tables: Record<string, unknown[]> = {};
    for (const table of TABLES) {
      tables[table] = (await admin.query<{ row: string }>(`SELECT row_to_json(t)::text AS row FROM ${schema}.${table} t ORDER BY 1`)).rows.map(
        ({ row }) => row,
      );
    }
    return tables;
  };
  const layerObjects = async (schema: string): Promise<string[]> =>
    (
      await admin.query<{ name: string }>(
        `SELECT c.relname AS name FROM pg_class c WHERE c.relnamespace = $1::regnamespace AND c.relkind = 'r'
         UNION ALL SELECT p.proname || '()' FROM pg_proc p WHERE p.pronamespace = $1::regnamespace ORDER BY 1`,
        [schema],
      )
    ).rows.map((row) => row.name);
  const earlier = await rowsOf('public');

  t.test("the reference service's first start moves every table of the layer, its rows and its counting", async (t) => {
    const service = await startService(t, { STORAGE: 'postgres', DATABASE_URL: url, ACCESS_LOG: 'off' });
    t.match(service.storage, /\(dogs: 5, cats: 3\)$/, 'the counts kept');
    t.same(await rowsOf('version_aware_api'), earlier, 'every row of every table, the other API’s orders too, as it was');
    t.same(await layerObjects('public'), [], 'nothing of the layer left in public');
    t.same(
      await layerObjects('version_aware_api'),
      ['api_clients', 'api_usage', 'cats', 'count_rows()', 'dogs', 'idempotency_keys', 'orders', 'row_counts'],
      'all of it in the schema',
    );

    const read = async (path: string, key?: keyof typeof KEYS, version?: string) => {
      const headers: Record<string, string> = {
        ...(key === undefined ? {} : { authorization: `Bearer ${KEYS[key]}` }),
        ...(version === undefined ? {} : { accept: `application/json; version=${version}` }),
      };
      const response = await fetch(`${service.url}${path}`, { headers });
      return { status: response.status, total: response.headers.get('x-total-count'), body: await response.json() };
    };
    const dogs = await read('/doggies/?limit=10');
    t.same(
      [dogs.total, (dogs.body as { id: number; name: string }[]).map(({ id, name }) => `${id} ${name}`)],
      ['5', ['1 Biko', '2 Laika', '3 Rex', '4 Hachikō', '5 Bobbie']],
      'the dogs served',
    );
    const cats = await read('/cats/?limit=10', undefined, '3.0.0');
    t.same(
      [cats.total, (cats.body as { id: number; name: string }[]).map(({ id, name }) => `${id} ${name}`)],
      ['3', ['1 Tom', '2 Felix', '3 Mittens']],
      'the cats served (their list is there up to 3.0.0)',
    );
    t.same(
      (await read('/client/', 'old-shop')).body,
      { name: 'old-shop', pinned_version: '3.0.0', previous_version: '2.1.0', rollback_until: '2026-11-25T22:43:07.471Z' },
      'a client, its pin and its rollback, known by its key',
    );
    t.match((await read('/client/', 'new-shop')).body, { name: 'new-shop', pinned_version: '5.0.0' }, 'another');
    t.equal((await read('/client/', 'gone-shop')).status, 401, 'the revoked one still refused');

    await admin.query("INSERT INTO version_aware_api.dogs VALUES (6, 'Six', '2020-01-01')");
    t.equal((await read('/doggies/?limit=1')).total, '6', "a hand INSERT from a session with public's search path is counted");
    await admin.query('DELETE FROM version_aware_api.dogs WHERE id = 6');
  });

  t.test("the other API's start finds its orders moved: served, counted, its Idempotency-Keys replayed", async (t) => {
    const service = await startService(t, { STORAGE: 'postgres', DATABASE_URL: url, ACCESS_LOG: 'off' }, {}, SHOP);
    t.match(service.storage, /\(orders: 3\)$/);
    const post = async (body: unknown, headers: Record<string, string>) => {
      const response = await fetch(`${service.url}/orders/`, {
        method: 'POST',
        headers: { accept: 'application/json; version=4.0.0', 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
      return { status: response.status, replayed: response.headers.get('idempotent-replayed'), body: (await response.json()) as { id: number } };
    };
    t.same(
      await post({ amount: { value: 1250, currency: 'USD' }, state: 'paid' }, { 'idempotency-key': 'order-1' }),
      { status: 201, replayed: 'true', body: { id: 1, amount: { value: 1250, currency: 'USD' }, state: 'paid' } },
      "an anonymous key: the earlier release's record",
    );
    t.same(
      await post(
        { amount: { value: 990, currency: 'EUR' }, state: 'placed', note: 'gift' },
        { 'idempotency-key': 'order-2', authorization: `Bearer ${KEYS['new-shop']}` },
      ),
      { status: 201, replayed: 'true', body: { id: 2, amount: { value: 990, currency: 'EUR' }, state: 'placed', note: 'gift' } },
      "a client's key",
    );
    const created = await post({ amount: { value: 10, currency: 'EUR' }, state: 'placed' }, {});
    t.same([created.status, created.replayed, created.body.id], [201, null, 4], 'a new order: the next id');
    const page = await fetch(`${service.url}/orders/?limit=1`, { headers: { accept: 'application/json; version=4.0.0' } });
    t.equal(page.headers.get('x-total-count'), '4', 'counted');
  });
}
