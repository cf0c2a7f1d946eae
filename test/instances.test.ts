// Needs: PostgreSQL
import t from 'tap';
import { createPool } from '../src/adapters/persistence/postgres/postgres-pool.js';
import { writeRecords } from '../src/adapters/persistence/postgres/postgres-bulk-load.js';
import { parseDog } from '../src/domain/dogs/dog.js';
import { CalendarDate } from '../src/domain/records/calendar-date.js';
import { runMain } from './fixtures/main-process.js';
import { testDatabase } from './fixtures/postgres/test-database.js';
import { REFERENCE_TABLES } from './fixtures/postgres/reference-tables.js';

const today = CalendarDate.parse('2026-11-22') as CalendarDate;
const dog = (id: number, name: string) => parseDog({ id, name, birthday: '2014-05-06' }, today);

const url = await testDatabase(t);
if (url !== undefined) {
  t.test('two instances on one database serve the same records, and both see a write at once', async (t) => {
    const settings = { STORAGE: 'postgres', DATABASE_URL: url, DATABASE_POOL_SIZE: '4', ACCESS_LOG: 'off', TODAY: '2026-11-22' };
    const instances = [runMain(t, settings), runMain(t, settings)];
    const urls = await Promise.all(instances.map(async (instance) => String((await instance.lines('listening'))?.[0]?.['url'])));
    t.not(urls[0], urls[1], 'two processes on two ports');

    const pool = createPool({ url, size: 1, onIdleError: () => undefined });
    t.teardown(() => pool.end());
    await writeRecords(pool, { dogs: [dog(1, 'Biko'), dog(2, 'Rex')], cats: [] }, REFERENCE_TABLES);
    const lists = await Promise.all(urls.map(async (base) => (await fetch(`${base}/doggies/`)).json()));
    t.same(
      lists[0],
      [
        { id: 1, name: 'Biko', birthday: '2014-05-06' },
        { id: 2, name: 'Rex', birthday: '2014-05-06' },
      ],
      'the first instance serves the records',
    );
    t.same(lists[1], lists[0], 'the second serves the same');

    await writeRecords(pool, { dogs: [dog(3, 'Ada')], cats: [] }, REFERENCE_TABLES);
    for (const base of urls) {
      const response = await fetch(`${base}/doggies/3/`);
      t.same(
        [response.status, await response.json()],
        [200, { id: 3, name: 'Ada', birthday: '2014-05-06' }],
        `${base} sees the new dog: nothing is cached per process`,
      );
    }
    for (const instance of instances) {
      instance.child.kill('SIGTERM');
      t.strictSame(await instance.finished(), { code: 0, signal: null }, 'each stops cleanly, closing its pool');
    }
  });
}
