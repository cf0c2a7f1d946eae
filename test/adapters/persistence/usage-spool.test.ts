import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import t from 'tap';
import { createPool } from '../../../src/adapters/persistence/postgres/postgres-pool.js';
import { PostgresUsageStore } from '../../../src/adapters/persistence/postgres/postgres-usage-store.js';
import { UsageSpool } from '../../../src/adapters/persistence/usage-spool.js';
import { InMemoryUsageStore } from '../../../src/adapters/persistence/memory/in-memory-usage-store.js';

const COUNT = { client: 'anonymous', version: '5.0.0', route: '/doggies/', day: '2026-11-22', requests: 3 };

t.test('a spooled file the store refuses is kept for the next start; one that is not spooled counts is left alone', async (t) => {
  const dir = t.testdir({ 'usage-by-hand.json': '{"usage": [null]}\n', 'usage-cut.json': '{"usage": [', 'notes.txt': 'not ours' });
  const spool = new UsageSpool(dir);
  const file = await spool.keep([COUNT]);
  const pool = createPool({ url: 'postgres://u:p@127.0.0.1:1/nowhere', size: 1, onIdleError: () => undefined });
  t.teardown(() => pool.end());
  const refused = await spool.replay(new PostgresUsageStore(pool));
  t.match(refused.kept, [{ file, requests: 3, error: /ECONNREFUSED/ }], 'the store out of reach: kept, with the error');
  t.same(refused.stored, [], 'nothing stored');
  t.same(
    refused.unreadable,
    [
      { file: join(dir, 'usage-by-hand.json'), error: 'usage[0] is not a count {client, version, route, day, requests}' },
      { file: join(dir, 'usage-cut.json'), error: 'not JSON' },
    ],
    'a file of another shape is named, not read',
  );
  t.same(
    (await readdir(dir)).sort(),
    ['notes.txt', file.slice(dir.length + 1), 'usage-by-hand.json', 'usage-cut.json'].sort(),
    'every file where it was',
  );

  await writeFile(join(dir, 'usage-by-hand.json'), '{"usage": {}}');
  const store = new InMemoryUsageStore();
  const replayed = await spool.replay(store);
  t.same(replayed.stored, [{ file, requests: 3 }], 'stored once the store takes them');
  t.same(replayed.unreadable[0], { file: join(dir, 'usage-by-hand.json'), error: 'expected {"usage": [...]}' }, 'the shape named');
  t.same(await store.read({ from: '2026-11-22', to: '2026-11-22' }), [COUNT], 'the counts as spooled');
  t.equal(await readFile(join(dir, 'notes.txt'), 'utf8'), 'not ours', 'a file not named usage-*.json is never touched');
  t.same(await new UsageSpool(join(dir, 'missing')).replay(store), { stored: [], kept: [], unreadable: [] }, 'no folder: nothing to store');
  await t.rejects(
    new UsageSpool(join(dir, 'notes.txt')).replay(store),
    { name: 'StartupError', message: `USAGE_SPOOL_DIR ${JSON.stringify(join(dir, 'notes.txt'))}: cannot be read (ENOTDIR)` },
    'a folder that cannot be read refuses the start, named',
  );
});

t.test('processes starting at once share the folder: each spooled file is stored by one of them', async (t) => {
  const spool = new UsageSpool(t.testdir());
  for (let index = 0; index < 20; index += 1) await spool.keep([{ ...COUNT, requests: index + 1 }]);
  const stores = [new InMemoryUsageStore(), new InMemoryUsageStore(), new InMemoryUsageStore()];
  const results = await Promise.all(stores.map((store) => spool.replay(store)));
  t.equal(
    results.reduce((sum, { stored }) => sum + stored.length, 0),
    20,
    'twenty files stored in all',
  );
  const totals = await Promise.all(stores.map((store) => store.read({ from: '2026-11-22', to: '2026-11-22' })));
  t.equal(
    totals.flat().reduce((sum, { requests }) => sum + requests, 0),
    210,
    'every count once: 1 + 2 + … + 20',
  );
  t.same(await readdir(spool.folder), [], 'none left');
});
