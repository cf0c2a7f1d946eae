// Needs: PostgreSQL
import pg from 'pg';
import t from 'tap';
import { createPool, LAYER_SCHEMA } from '../../../../src/adapters/persistence/postgres/postgres-pool.js';
import { writeRecords } from '../../../../src/adapters/persistence/postgres/postgres-bulk-load.js';
import { migrateSchema } from '../../../../src/adapters/persistence/postgres/postgres-schema.js';
import { parseCat } from '../../../../src/domain/cats/cat.js';
import { parseDog } from '../../../../src/domain/dogs/dog.js';
import { CalendarDate } from '../../../../src/domain/records/calendar-date.js';
import { composeService } from '../../../../src/reference-api.js';
import { testDatabase } from '../../../fixtures/postgres/test-database.js';
import { startService } from '../../../fixtures/service.js';
import { StartupError } from '../../../../src/domain/errors/startup-error.js';
import { REFERENCE_TABLES } from '../../../fixtures/postgres/reference-tables.js';

const today = CalendarDate.parse('2026-11-22') as CalendarDate;
const url = await testDatabase(t);
if (url !== undefined) {
  const pool = createPool({ url, size: 4, onIdleError: (error) => t.fail(error.message) });
  t.teardown(() => pool.end());

  t.test('the migration is safe to run twice, and by several processes at once', async (t) => {
    const others = [1, 2, 3].map(() => createPool({ url, size: 1, onIdleError: () => undefined }));
    t.teardown(() => Promise.all(others.map((other) => other.end())));
    await t.resolves(Promise.all(others.map((other) => migrateSchema(other, REFERENCE_TABLES))), 'three at once');
    await t.resolves(migrateSchema(pool, REFERENCE_TABLES), 'once more');
    const tables = await pool.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'version_aware_api' ORDER BY table_name",
    );
    t.same(
      tables.rows.map((row) => row.table_name),
      ['api_clients', 'api_usage', 'cats', 'dogs', 'idempotency_keys', 'row_counts'],
      "the clients, their usage, the two record tables, their counts and the creates' Idempotency-Keys, once each",
    );
  });

  t.test('the record rules are constraints of the tables', async (t) => {
    await migrateSchema(pool, REFERENCE_TABLES);
    const refused: [string, readonly unknown[], string][] = [
      ["INSERT INTO dogs VALUES ($1, $2, '2014-05-06')", [0, 'Rex'], 'a dog with id 0'],
      ["INSERT INTO dogs VALUES ($1, $2, '2014-05-06')", [-1, 'Rex'], 'a negative id'],
      ["INSERT INTO dogs VALUES ($1, $2, '2014-05-06')", ['9007199254740992', 'Rex'], 'an id past the largest safe integer'],
      ["INSERT INTO dogs VALUES ($1, $2, '2014-05-06')", [1, ''], 'an empty name'],
      ["INSERT INTO dogs VALUES ($1, $2, '2014-05-06')", [1, '🐕'.repeat(51)], 'a name of 51 characters'],
      ['INSERT INTO dogs VALUES ($1, $2, NULL)', [1, 'Rex'], 'a dog without birthday'],
      ["INSERT INTO dogs VALUES ($1, $2, '2014-02-30')", [1, 'Rex'], 'a date that does not exist'],
      ['INSERT INTO cats VALUES ($1, $2)', [1, 'x'.repeat(51)], 'a cat with a long name'],
      ['INSERT INTO cats VALUES ($1, NULL)', [1], 'a cat without name'],
    ];
    for (const [sql, values, what] of refused) await t.rejects(pool.query(sql, [...values]), `${what} is refused by the database`);
    await t.resolves(pool.query("INSERT INTO dogs VALUES (1, $1, '2014-05-06')", ['🐕'.repeat(50)]), 'a name of 50 emoji fits');
  });

  t.test('a read-only database (a replica): served when it holds the schema; refused at once when the schema is to be made', async (t) => {
    const name = new URL(url).pathname.slice(1);
    await migrateSchema(pool, REFERENCE_TABLES);
    await pool.query(`ALTER DATABASE ${name} SET default_transaction_read_only = on`);
    t.teardown(() => pool.query(`ALTER DATABASE ${name} RESET default_transaction_read_only`));
    const env = { STORAGE: 'postgres', DATABASE_URL: url, DATABASE_CONNECT_TIMEOUT_MS: '3600000' };
    const replica = createPool({ url, size: 1, onIdleError: () => undefined });
    t.teardown(() => replica.end());
    await t.resolves(migrateSchema(replica, REFERENCE_TABLES), 'the schema is complete: the start writes nothing');
    const served = await composeService(env, { stdout: () => {}, stderr: () => {} });
    await served.stop();
    t.pass('and the service starts on it');
    await pool.query(`BEGIN READ WRITE; DROP SCHEMA ${LAYER_SCHEMA} CASCADE; COMMIT`);
    await t.rejects(migrateSchema(replica, REFERENCE_TABLES), /read-only transaction/, 'without the schema, the migration fails');
    const error = await t.rejects(composeService(env, { stdout: () => {}, stderr: () => {} }), StartupError);
    t.match(
      (error as Error).message,
      /refused the start: cannot execute CREATE SCHEMA in a read-only transaction/,
      'the start is refused, saying why',
    );
  });

  t.test('writing records is all or nothing', async (t) => {
    await migrateSchema(pool, REFERENCE_TABLES);
    await pool.query('TRUNCATE dogs, cats');
    await writeRecords(pool, { dogs: [parseDog({ id: 1, name: 'Biko', birthday: '2014-05-06' }, today)], cats: [] }, REFERENCE_TABLES);
    await pool.query('ALTER TABLE cats RENAME TO cats_elsewhere');
    t.teardown(() => pool.query('ALTER TABLE cats_elsewhere RENAME TO cats'));
    const dogs = [
      parseDog({ id: 1, name: 'Changed', birthday: '2014-05-06' }, today),
      parseDog({ id: 2, name: 'New', birthday: '2014-05-06' }, today),
    ];
    await t.rejects(
      writeRecords(pool, { dogs, cats: [parseCat({ id: 1, name: 'Tom' })] }, REFERENCE_TABLES),
      /relation "cats" does not exist/,
      'the cats fail',
    );
    const { rows } = await pool.query('SELECT id::int, name FROM dogs ORDER BY id');
    t.same(rows, [{ id: 1, name: 'Biko' }], 'and the dogs of the same write were rolled back');
  });

  t.test('a database that refuses the connection (no such database) refuses the start at once, without retrying', async (t) => {
    const missing = new URL(url);
    missing.pathname = '/no_such_database_here';
    const lines: string[] = [];
    const error = await t.rejects(
      composeService(
        { STORAGE: 'postgres', DATABASE_URL: missing.toString(), DATABASE_CONNECT_TIMEOUT_MS: '3600000' },
        { stdout: (line) => lines.push(line), stderr: (line) => lines.push(line) },
      ),
      StartupError,
    );
    t.match(
      (error as Error).message,
      /^the database at DATABASE_URL .*no_such_database_here refused the start: database "no_such_database_here" does not exist/,
    );
    t.same(lines, [], 'no retry was logged');
  });

  t.test('a database fault that is not an outage is a logged 500, not a 503', async (t) => {
    const service = await startService(t, { STORAGE: 'postgres', DATABASE_URL: url, ACCESS_LOG: 'off' });
    await pool.query('DROP TABLE dogs');
    t.teardown(() => migrateSchema(pool, REFERENCE_TABLES));
    const response = await fetch(`${service.url}/doggies/1/`);
    t.same([response.status, await response.json()], [500, { detail: 'A server error occurred.' }]);
    const logged = service.stderr.map((line) => JSON.parse(line) as Record<string, unknown>);
    t.match(logged, [{ level: 'error', request: 'GET /doggies/1/', error: /relation "dogs" does not exist/ }], 'the cause is logged');
  });

  t.test("the adapter does not change pg's global type parsers", async (t) => {
    t.equal(
      typeof (pg.types.getTypeParser(1082) as (text: string) => unknown)('2016-02-29'),
      'object',
      'pg still parses dates its own way elsewhere',
    );
  });
}
