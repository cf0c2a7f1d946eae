// Needs: PostgreSQL
import t from 'tap';
import { createPool } from '../../../../src/adapters/persistence/postgres/postgres-pool.js';
import { PostgresRecordRepository } from '../../../../src/adapters/persistence/postgres/postgres-record-repository.js';
import { migrateSchema } from '../../../../src/adapters/persistence/postgres/postgres-schema.js';
import { recordTableOf } from '../../../../src/adapters/persistence/postgres/record-table.js';
import { DOGS } from '../../../../src/domain/api-history/heads/dog-collection.js';
import type { Dog } from '../../../../src/domain/dogs/dog.js';
import { PageRequest } from '../../../../src/application/paging/page-request.js';
import { CalendarDate } from '../../../../src/domain/records/calendar-date.js';
import { testDatabase } from '../../../fixtures/postgres/test-database.js';
import { REFERENCE_TABLES } from '../../../fixtures/postgres/reference-tables.js';

const DOG_TABLE = recordTableOf<Dog>(DOGS);

const today = (): CalendarDate => CalendarDate.parse('2026-11-22') as CalendarDate;
const url = await testDatabase(t);
if (url !== undefined) {
  // One connection, so the statements the repository prepared are the ones this session sees.
  const pool = createPool({ url, size: 1, onIdleError: (error) => t.fail(error.message) });
  t.teardown(() => pool.end());
  await migrateSchema(pool, REFERENCE_TABLES);
  await pool.query("INSERT INTO dogs SELECT g, 'Dog ' || g, '2014-05-06' FROM generate_series(1, 10) g");
  const dogs = new PostgresRecordRepository(pool, DOG_TABLE, today);
  const prepared = async (): Promise<{ name: string; calls: number }[]> => {
    // generic_plans + custom_plans counts the executions of each prepared statement on this connection.
    const { rows } = await pool.query<{ name: string; calls: string }>(
      'SELECT name, generic_plans + custom_plans AS calls FROM pg_prepared_statements ORDER BY name',
    );
    return rows.map((row) => ({ name: row.name, calls: Number(row.calls) }));
  };

  t.test('each request is one named statement, prepared once per connection and run again after', async (t) => {
    t.same(await prepared(), [], 'nothing prepared yet');
    await dogs.findById(3);
    await dogs.list(PageRequest.of(3, 0));
    await dogs.list(PageRequest.after(3, 3));
    await dogs.list(PageRequest.before(7, 3));
    t.same(
      await prepared(),
      [
        { name: 'dogs-after', calls: 1 },
        { name: 'dogs-before', calls: 1 },
        { name: 'dogs-by-id', calls: 1 },
        { name: 'dogs-page', calls: 1 },
      ],
      'one statement per request, each prepared under its name',
    );
    await dogs.list(PageRequest.of(3, 3));
    await dogs.list(PageRequest.of(3, 30));
    await dogs.findById(4);
    t.same(
      await prepared(),
      [
        { name: 'dogs-after', calls: 1 },
        { name: 'dogs-before', calls: 1 },
        { name: 'dogs-by-id', calls: 2 },
        { name: 'dogs-page', calls: 3 },
      ],
      'the same statements run again, none added, an empty page included',
    );
  });

  t.test('each statement is planned once per connection (a generic plan), never per execution', async (t) => {
    // Left to choose, PostgreSQL makes a custom plan on each of the first five executions, and on every one after when it judges the generic plan dearer.
    for (let round = 0; round < 6; round += 1) {
      await dogs.findById(round + 1);
      await dogs.list(PageRequest.of(3, round));
      await dogs.list(PageRequest.after(round + 1, 3));
    }
    const { rows } = await pool.query<{ name: string; custom: string }>(
      "SELECT name, custom_plans AS custom FROM pg_prepared_statements WHERE name IN ('dogs-by-id', 'dogs-page', 'dogs-after') ORDER BY name",
    );
    t.same(
      rows.map((row) => [row.name, Number(row.custom)]),
      [
        ['dogs-after', 0],
        ['dogs-by-id', 0],
        ['dogs-page', 0],
      ],
    );
    const { rows: shown } = await pool.query<{ plan_cache_mode: string }>('SHOW plan_cache_mode');
    t.equal(shown[0]?.plan_cache_mode, 'force_generic_plan', "the pool's connections are set so");
  });
}
