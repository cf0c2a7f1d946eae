// Needs: PostgreSQL
import t from 'tap';
import { createPool } from '../../../../src/adapters/persistence/postgres/postgres-pool.js';
import { PostgresRecordRepository } from '../../../../src/adapters/persistence/postgres/postgres-record-repository.js';
import { migrateSchema } from '../../../../src/adapters/persistence/postgres/postgres-schema.js';
import { recordTableOf } from '../../../../src/adapters/persistence/postgres/record-table.js';
import { DOGS } from '../../../../src/domain/api-history/heads/dog-collection.js';
import type { Dog } from '../../../../src/domain/dogs/dog.js';
import { CATS } from '../../../../src/domain/api-history/heads/cat-collection.js';
import type { Cat } from '../../../../src/domain/cats/cat.js';
import { PageRequest } from '../../../../src/application/paging/page-request.js';
import { CalendarDate } from '../../../../src/domain/records/calendar-date.js';
import { testDatabase } from '../../../fixtures/postgres/test-database.js';
import { REFERENCE_TABLES } from '../../../fixtures/postgres/reference-tables.js';

const DOG_TABLE = recordTableOf<Dog>(DOGS);
const CAT_TABLE = recordTableOf<Cat>(CATS);

const today = (): CalendarDate => CalendarDate.parse('2026-11-22') as CalendarDate;
const url = await testDatabase(t);
if (url !== undefined) {
  const pool = createPool({ url, size: 2, onIdleError: (error) => t.fail(error.message) });
  t.teardown(() => pool.end());
  await migrateSchema(pool, REFERENCE_TABLES);
  await pool.query("INSERT INTO dogs SELECT g, 'Dog ' || g, '2014-05-06' FROM generate_series(1, 10) g");
  await pool.query("INSERT INTO cats SELECT g, 'Cat ' || g FROM generate_series(1, 3) g");

  t.test('an unchanged row read again is the same frozen record; a changed one is a new record', async (t) => {
    const dogs = new PostgresRecordRepository(pool, DOG_TABLE, today);
    const first = (await dogs.list(PageRequest.of(5, 0))).records;
    t.ok(
      first.every((dog) => Object.isFrozen(dog)),
      'frozen records',
    );
    const again = (await dogs.list(PageRequest.of(5, 0))).records;
    t.ok(
      again.every((dog, index) => dog === first[index]),
      'the same page: the same objects',
    );
    t.equal(await dogs.findById(3), first[2], 'a lookup gives the object a page gave');
    t.equal((await dogs.list(PageRequest.after(2, 1))).records[0], first[2], 'so does a cursor page');
    const rows: [string, string][] = [
      ['name', "UPDATE dogs SET name = 'Renamed' WHERE id = 3"],
      ['birthday', "UPDATE dogs SET birthday = '2015-05-06' WHERE id = 3"],
    ];
    let known = first[2];
    for (const [what, sql] of rows) {
      await pool.query(sql);
      const changed = await dogs.findById(3);
      t.not(changed, known, `a changed ${what}: another record`);
      t.match(changed, { id: 3, name: /^(Dog 3|Renamed)$/ }, `a changed ${what}: the row's values`);
      known = changed;
    }
    t.equal((await dogs.findById(3))?.birthday.toString(), '2015-05-06', 'the last change is what is read');
    const cats = new PostgresRecordRepository(pool, CAT_TABLE, today);
    const cat = await cats.findById(1);
    t.equal(await cats.findById(1), cat, 'cats too');
  });

  t.test('the rows remembered are bounded: an old one is parsed again, to an equal record', async (t) => {
    const dogs = new PostgresRecordRepository(pool, DOG_TABLE, today, 2);
    const one = await dogs.findById(1);
    for (const id of [2, 4, 5, 6]) await dogs.findById(id);
    const again = await dogs.findById(1);
    t.not(again, one, 'forgotten');
    t.same(again, one, 'equal');
  });
}
