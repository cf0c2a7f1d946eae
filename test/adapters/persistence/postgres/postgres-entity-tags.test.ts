// Needs: PostgreSQL
import t from 'tap';
import { createPool } from '../../../../src/adapters/persistence/postgres/postgres-pool.js';
import { writeRecords } from '../../../../src/adapters/persistence/postgres/postgres-bulk-load.js';
import { migrateSchema } from '../../../../src/adapters/persistence/postgres/postgres-schema.js';
import { parseDog } from '../../../../src/domain/dogs/dog.js';
import { CalendarDate } from '../../../../src/domain/records/calendar-date.js';
import { testDatabase } from '../../../fixtures/postgres/test-database.js';
import { acceptVersion, startService } from '../../../fixtures/service.js';
import { REFERENCE_TABLES } from '../../../fixtures/postgres/reference-tables.js';

const today = CalendarDate.parse('2026-11-22') as CalendarDate;
const dog = (id: number) => parseDog({ id, name: `Dog ${id}`, birthday: '2014-05-06' }, today);
const url = await testDatabase(t);
if (url !== undefined) {
  const pool = createPool({ url, size: 2, onIdleError: (error) => t.fail(error.message) });
  t.teardown(() => pool.end());

  t.test('with PostgreSQL (rows read anew each request), ETags follow the content: equal while it is, new when it changes', async (t) => {
    await pool.query('DROP TABLE IF EXISTS dogs, cats, row_counts');
    await migrateSchema(pool, REFERENCE_TABLES);
    await writeRecords(pool, { dogs: [1, 2, 3].map(dog), cats: [] }, REFERENCE_TABLES);
    const service = await startService(t, { STORAGE: 'postgres', DATABASE_URL: url, ACCESS_LOG: 'off' });
    const get = async (path: string, ifNoneMatch?: string) => {
      const headers: Record<string, string> = acceptVersion('2.1.0');
      if (ifNoneMatch !== undefined) headers['if-none-match'] = ifNoneMatch;
      const response = await fetch(`${service.url}${path}`, { headers });
      return { status: response.status, etag: response.headers.get('etag') as string, body: await response.text() };
    };
    const page = await get('/doggies/?limit=1');
    const detail = await get('/doggies/2/');
    t.equal((await get('/doggies/?limit=1')).etag, page.etag, 'a page read again: the same ETag');
    t.equal((await get('/doggies/2/', detail.etag)).status, 304, 'a dog read again with its ETag: 304');
    await pool.query("INSERT INTO dogs SELECT g, 'Dog ' || g, '2014-05-06' FROM generate_series(10, 19) g");
    const grown = await get('/doggies/?limit=1');
    t.equal(grown.body, page.body, 'the first page holds the same dog');
    t.not(grown.etag, page.etag, 'yet X-Total-Count changed: a new ETag');
    t.equal((await get('/doggies/?limit=1', page.etag)).status, 200, 'the old ETag gets the new page');
    t.equal((await get('/doggies/2/', detail.etag)).status, 304, 'dog 2 did not change: still 304');
    await pool.query("UPDATE dogs SET name = 'Renamed' WHERE id = 2");
    const renamed = await get('/doggies/2/', detail.etag);
    t.equal(renamed.status, 200, 'dog 2 renamed: its old ETag gets the new dog');
    t.not(renamed.etag, detail.etag, 'under a new ETag');
  });
}
