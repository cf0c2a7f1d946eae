// Needs: PostgreSQL
import t from 'tap';
import { PageRequest } from '../../../../src/application/paging/page-request.js';
import { createPool, LAYER_SCHEMA } from '../../../../src/adapters/persistence/postgres/postgres-pool.js';
import { PostgresRecordRepository } from '../../../../src/adapters/persistence/postgres/postgres-record-repository.js';
import { writeRecords } from '../../../../src/adapters/persistence/postgres/postgres-bulk-load.js';
import { migrateSchema } from '../../../../src/adapters/persistence/postgres/postgres-schema.js';
import { recordTableOf } from '../../../../src/adapters/persistence/postgres/record-table.js';
import { DOGS } from '../../../../src/domain/api-history/heads/dog-collection.js';
import type { Dog } from '../../../../src/domain/dogs/dog.js';
import { parseDog } from '../../../../src/domain/dogs/dog.js';
import { CalendarDate } from '../../../../src/domain/records/calendar-date.js';
import { testDatabase } from '../../../fixtures/postgres/test-database.js';
import { startService } from '../../../fixtures/service.js';
import { REFERENCE_TABLES } from '../../../fixtures/postgres/reference-tables.js';

const DOG_TABLE = recordTableOf<Dog>(DOGS);

const today = CalendarDate.parse('2026-11-22') as CalendarDate;
const dog = (id: number) => parseDog({ id, name: `Dog ${id}`, birthday: '2014-05-06' }, today);
const url = await testDatabase(t);
if (url !== undefined) {
  const pool = createPool({ url, size: 4, onIdleError: (error) => t.fail(error.message) });
  t.teardown(() => pool.end());
  const stored = async (table: string): Promise<number | undefined> => {
    const { rows } = await pool.query<{ total: string }>('SELECT total FROM row_counts WHERE table_name = $1', [table]);
    return rows[0] === undefined ? undefined : Number(rows[0].total);
  };

  t.test('a table made before the counts is counted when the schema step runs on it', async (t) => {
    await pool.query(`CREATE SCHEMA ${LAYER_SCHEMA}`);
    await pool.query('CREATE TABLE dogs (id bigint PRIMARY KEY, name text NOT NULL, birthday date NOT NULL)');
    await pool.query("INSERT INTO dogs SELECT g, 'Dog ' || g, '2014-05-06' FROM generate_series(1, 1234) g");
    await migrateSchema(pool, REFERENCE_TABLES);
    t.equal(await stored('dogs'), 1234, 'the rows already there');
    t.equal(await stored('cats'), 0, 'a new table');
    await migrateSchema(pool, REFERENCE_TABLES);
    t.equal(await stored('dogs'), 1234, 'a second run counts nothing twice');
    await pool.query('DROP TABLE dogs');
    await migrateSchema(pool, REFERENCE_TABLES);
    t.equal(await stored('dogs'), 0, 'a table dropped and made again starts from its own rows, not the old count');
  });

  t.test("a change behind the service's back shows in X-Total-Count at once", async (t) => {
    await pool.query('DROP TABLE IF EXISTS dogs, cats, row_counts');
    await migrateSchema(pool, REFERENCE_TABLES);
    await writeRecords(pool, { dogs: [1, 2, 3].map(dog), cats: [] }, REFERENCE_TABLES);
    const service = await startService(t, { STORAGE: 'postgres', DATABASE_URL: url, ACCESS_LOG: 'off' });
    const total = async (): Promise<string | null> => (await fetch(`${service.url}/doggies/?limit=1`)).headers.get('x-total-count');
    t.equal(await total(), '3', 'loaded');
    const steps: [string, () => Promise<unknown>, string][] = [
      [
        'a hand INSERT of several rows',
        () => pool.query("INSERT INTO dogs SELECT g, 'Dog ' || g, '2014-05-06' FROM generate_series(10, 19) g"),
        '13',
      ],
      ['a hand INSERT of no rows', () => pool.query("INSERT INTO dogs SELECT g, 'Dog', '2014-05-06' FROM generate_series(1, 0) g"), '13'],
      [
        'an upsert that only replaces',
        () => pool.query("INSERT INTO dogs VALUES (1, 'Other', '2015-01-01') ON CONFLICT (id) DO UPDATE SET name = excluded.name"),
        '13',
      ],
      ["load-data's write, two new and one replaced", () => writeRecords(pool, { dogs: [1, 30, 31].map(dog), cats: [] }, REFERENCE_TABLES), '15'],
      ['an UPDATE', () => pool.query("UPDATE dogs SET name = 'Renamed' WHERE id < 15"), '15'],
      ['a hand DELETE', () => pool.query('DELETE FROM dogs WHERE id BETWEEN 10 AND 14'), '10'],
      ['a rolled back DELETE', () => pool.query('BEGIN; DELETE FROM dogs; ROLLBACK'), '10'],
      ['a TRUNCATE', () => pool.query('TRUNCATE dogs'), '0'],
      ['an INSERT after it', () => pool.query("INSERT INTO dogs VALUES (7, 'Seven', '2014-05-06')"), '1'],
    ];
    for (const [what, change, expected] of steps) {
      await change();
      t.equal(await total(), expected, what);
      const { rows } = await pool.query<{ total: string }>('SELECT count(*) AS total FROM dogs');
      t.equal(rows[0]?.total, expected, `${what}: the table agrees`);
    }
  });

  t.test('without its row in row_counts a table is counted by scanning it, still exact', async (t) => {
    await pool.query('DROP TABLE IF EXISTS dogs, cats, row_counts');
    await migrateSchema(pool, REFERENCE_TABLES);
    await writeRecords(pool, { dogs: [1, 2].map(dog), cats: [] }, REFERENCE_TABLES);
    await pool.query("DELETE FROM row_counts WHERE table_name = 'dogs'");
    const dogs = new PostgresRecordRepository(pool, DOG_TABLE, () => today);
    t.equal((await dogs.list(PageRequest.of(1, 0))).total, 2, 'a page');
    t.equal((await dogs.list(PageRequest.of(1, 5))).total, 2, 'an empty page');
    t.equal((await dogs.list(PageRequest.after(1))).total, 2, 'a page after a cursor');
  });
}
