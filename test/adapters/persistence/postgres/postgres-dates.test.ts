// Needs: PostgreSQL
import pg from 'pg';
import t from 'tap';
import { PageRequest } from '../../../../src/application/paging/page-request.js';
import { createPool } from '../../../../src/adapters/persistence/postgres/postgres-pool.js';
import { PostgresRecordRepository } from '../../../../src/adapters/persistence/postgres/postgres-record-repository.js';
import { writeRecords } from '../../../../src/adapters/persistence/postgres/postgres-bulk-load.js';
import { migrateSchema } from '../../../../src/adapters/persistence/postgres/postgres-schema.js';
import { recordTableOf } from '../../../../src/adapters/persistence/postgres/record-table.js';
import { DOGS } from '../../../../src/domain/api-history/heads/dog-collection.js';
import type { Dog } from '../../../../src/domain/dogs/dog.js';
import { parseDog } from '../../../../src/domain/dogs/dog.js';
import { CalendarDate } from '../../../../src/domain/records/calendar-date.js';
import { testDatabase } from '../../../fixtures/postgres/test-database.js';
import { REFERENCE_TABLES } from '../../../fixtures/postgres/reference-tables.js';

const DOG_TABLE = recordTableOf<Dog>(DOGS);

/** UTC+14 and UTC-10 (-9 in summer): a local-midnight Date is a different UTC day in each. */
const FAR_ZONES = ['Pacific/Kiritimati', 'America/Adak'] as const;
const BIRTHDAYS = ['2016-02-29', '2014-05-06', '0001-01-01', '9999-12-31', '2026-03-08', '2026-11-01'];
const today = (): CalendarDate => CalendarDate.parse('2026-11-22') as CalendarDate;

const url = await testDatabase(t);
if (url !== undefined) {
  const originalZone = process.env['TZ'];
  t.teardown(() => {
    if (originalZone === undefined) delete process.env['TZ'];
    else process.env['TZ'] = originalZone;
  });

  const pool = createPool({ url, size: 1, onIdleError: (error) => t.fail(error.message) });
  t.teardown(() => pool.end());
  await migrateSchema(pool, REFERENCE_TABLES);
  await writeRecords(
    pool,
    { dogs: BIRTHDAYS.map((birthday, index) => parseDog({ id: index + 1, name: 'Rex', birthday }, today())), cats: [] },
    REFERENCE_TABLES,
  );
  const repository = new PostgresRecordRepository(pool, DOG_TABLE, today);

  for (const processZone of FAR_ZONES) {
    for (const serverZone of FAR_ZONES) {
      t.test(`birthdays come back as stored with TZ=${processZone} and the server's timezone ${serverZone}`, async (t) => {
        process.env['TZ'] = processZone;
        t.equal(new Date(2026, 0, 1).getTimezoneOffset() !== 0, true, `the process runs in ${processZone}`);
        // The pool has one connection, so the session's time zone is the one the repository's queries see.
        await pool.query(`SET timezone = '${serverZone}'`);
        t.equal((await pool.query<{ TimeZone: string }>('SHOW timezone')).rows[0]?.TimeZone, serverZone, `the server session runs in ${serverZone}`);
        const dogs = (await repository.list(PageRequest.of(100, 0))).records;
        t.same(
          dogs.map((dog) => dog.birthday.toString()),
          BIRTHDAYS,
          'every birthday, in a page',
        );
        t.equal((await repository.findById(1))?.birthday.toString(), '2016-02-29', 'the leap day, by id');
      });
    }
  }

  t.test("the test would catch pg's default parsing: it turns a date into local midnight, another UTC day here", async (t) => {
    process.env['TZ'] = 'Pacific/Kiritimati';
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    t.teardown(() => client.end());
    const { rows } = await client.query<{ birthday: Date }>('SELECT birthday FROM version_aware_api.dogs WHERE id = 1');
    t.equal(rows[0]?.birthday.toISOString().slice(0, 10), '2016-02-28', 'a plain pg client is a day off in UTC+14');
  });
}
