// Needs: PostgreSQL
import t from 'tap';
import { clientsProcess } from './fixtures/built-program.js';
import { createPool } from '../src/adapters/persistence/postgres/postgres-pool.js';
import { runMain } from './fixtures/main-process.js';
import { testDatabase } from './fixtures/postgres/test-database.js';
import { NEWEST_VERSION } from './fixtures/versions.js';

const databaseUrl = await testDatabase(t);
if (databaseUrl !== undefined) {
  t.test('PostgreSQL, two instances: a client created, upgraded on one and revoked by the CLI is served so by the other', async (t) => {
    const storage = { STORAGE: 'postgres', DATABASE_URL: databaseUrl, DATABASE_POOL_SIZE: '4' };
    const created = await clientsProcess(['create', 'two-sites', '--version', '3.0.0'], storage);
    t.equal(created.code, 0, created.stderr);
    const key = created.stdout.trim().split('\n').at(-1) as string;
    const settings = { ...storage, ACCESS_LOG: 'off', TODAY: '2026-11-22' };
    const instances = [runMain(t, settings), runMain(t, settings)];
    const [first, second] = await Promise.all(instances.map(async (instance) => String((await instance.lines('listening'))?.[0]?.['url'])));
    const headers = { authorization: `Bearer ${key}` };
    const versionAt = async (base: string | undefined): Promise<string> => {
      const response = await fetch(`${base}/doggies/`, { headers });
      await response.arrayBuffer();
      return response.status === 200 ? (/version=(.+)$/.exec(response.headers.get('content-type') ?? '')?.[1] ?? '?') : String(response.status);
    };
    t.same([await versionAt(first), await versionAt(second)], ['3.0.0', '3.0.0'], 'both instances: the pin');
    const upgrade = await fetch(`${first}/client/version`, {
      method: 'PUT',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ version: NEWEST_VERSION }),
    });
    const upgraded = Date.now();
    t.equal(upgrade.status, 200, 'upgraded on the first');
    const seenAfter = await until(async () => (await versionAt(second)) === NEWEST_VERSION);
    t.ok(seenAfter !== undefined, 'the second serves the new pin');
    t.comment(`the other instance served the upgrade ${seenAfter === undefined ? 'never' : `${seenAfter - upgraded} ms`} after its answer`);
    t.equal((await clientsProcess(['revoke', 'two-sites'], storage)).code, 0, 'revoked by the CLI');
    const revoked = await until(async () => (await versionAt(first)) === '401' && (await versionAt(second)) === '401');
    t.ok(revoked !== undefined, 'both instances refuse the revoked key: 401');
    const pool = createPool({ url: databaseUrl, size: 1, onIdleError: () => undefined });
    t.teardown(() => pool.end());
    const { rows } = await pool.query<{ row: string }>(
      'SELECT row_to_json(c)::text AS row FROM api_clients c UNION ALL SELECT row_to_json(u)::text FROM api_usage u',
    );
    const stored = rows.map(({ row }) => row).join('\n');
    t.ok(stored.includes('two-sites'), 'the database holds the client and its counts');
    t.notOk(stored.includes(key) || stored.includes(key.slice(4)), 'and never the key: only its hash');
  });
}

/** The time `check` first held, polling every 10 ms for at most 10 s; undefined if it never did. */
async function until(check: () => Promise<boolean>): Promise<number | undefined> {
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 10))) {
    if (await check()) return Date.now();
  }
  return undefined;
}
