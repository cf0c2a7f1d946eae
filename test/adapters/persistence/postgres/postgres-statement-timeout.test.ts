import t from 'tap';
import { DEFAULT_STATEMENT_TIMEOUT_MS as SETTING_DEFAULT } from '../../../../src/adapters/config/settings.js';
import { unlessUnavailable } from '../../../../src/adapters/persistence/postgres/postgres-failures.js';
import { createPool, DEFAULT_STATEMENT_TIMEOUT_MS, QUERY_TIMEOUT_MS } from '../../../../src/adapters/persistence/postgres/postgres-pool.js';
import { ROWS_PER_STATEMENT, writeRecords } from '../../../../src/adapters/persistence/postgres/postgres-bulk-load.js';
import { migrateSchema } from '../../../../src/adapters/persistence/postgres/postgres-schema.js';
import { parseDog } from '../../../../src/domain/dogs/dog.js';
import { CalendarDate } from '../../../../src/domain/records/calendar-date.js';
import { testDatabase } from '../../../fixtures/postgres/test-database.js';
import { DependencyUnavailableError } from '../../../../src/application/errors/refusals.js';
import { REFERENCE_TABLES } from '../../../fixtures/postgres/reference-tables.js';

const today = CalendarDate.parse('2026-11-22') as CalendarDate;

t.test("the default statement_timeout is just under the client's query timeout, in the pool and the setting alike", async (t) => {
  t.ok(DEFAULT_STATEMENT_TIMEOUT_MS < QUERY_TIMEOUT_MS, "under the client's timeout");
  t.ok(DEFAULT_STATEMENT_TIMEOUT_MS >= QUERY_TIMEOUT_MS * 0.9, 'just under it');
  t.equal(SETTING_DEFAULT, DEFAULT_STATEMENT_TIMEOUT_MS, 'DATABASE_STATEMENT_TIMEOUT_MS defaults to it');
});

// The database's tests in a subtest of their own: without DATABASE_URL it is the one skipped (a plan of 0 after a test has run fails).
t.test('against a database', async (t) => {
  const url = await testDatabase(t);
  if (url === undefined) return;
  t.test('every pooled connection carries statement_timeout; a statement past it is stopped by the server, a 503', async (t) => {
    const short = createPool({ url, size: 2, statementTimeoutMs: 200, onIdleError: (error) => t.fail(error.message) });
    const usual = createPool({ url, size: 1, onIdleError: (error) => t.fail(error.message) });
    t.teardown(() => Promise.all([short.end(), usual.end()]));
    const shown = await Promise.all([
      short.query<{ statement_timeout: string }>('SHOW statement_timeout'),
      short.query<{ statement_timeout: string }>('SHOW statement_timeout'),
    ]);
    t.same(
      shown.map(({ rows }) => rows[0]?.statement_timeout),
      ['200ms', '200ms'],
      'both connections of the pool',
    );
    t.equal(
      (await usual.query<{ statement_timeout: string }>('SHOW statement_timeout')).rows[0]?.statement_timeout,
      `${DEFAULT_STATEMENT_TIMEOUT_MS}ms`,
      'the default',
    );
    const started = Date.now();
    const error = await t.rejects(
      unlessUnavailable(() => short.query('SELECT pg_sleep(5)')),
      DependencyUnavailableError,
    );
    t.equal(((error as Error).cause as { code?: string }).code, '57014', 'canceled by the server (57014)');
    t.ok(Date.now() - started < 4_000, 'long before the sleep would have ended');
    t.same((await short.query('SELECT 1 AS one')).rows, [{ one: 1 }], 'the connection serves on');
  });

  t.test('a load larger than one statement is written in batches, each within the timeout, all in one transaction', async (t) => {
    // Checked at the body's end: an idle connection's error while the pool ends in teardown is not this test's subject.
    const idleErrors: string[] = [];
    const pool = createPool({ url, size: 1, statementTimeoutMs: 5_000, onIdleError: (error) => idleErrors.push(error.message) });
    t.teardown(() => pool.end());
    await migrateSchema(pool, REFERENCE_TABLES);
    const size = ROWS_PER_STATEMENT * 2 + 5;
    const dogs = Array.from({ length: size }, (_, index) => parseDog({ id: index + 1, name: `Dog ${index + 1}`, birthday: '2014-05-06' }, today));
    await writeRecords(pool, { dogs, cats: [] }, REFERENCE_TABLES);
    const { rows } = await pool.query<{ total: string; last: string }>('SELECT count(*) AS total, max(id) AS last FROM dogs');
    t.same(rows[0], { total: String(size), last: String(size) }, 'every record');
    t.equal((await pool.query<{ total: string }>("SELECT total FROM row_counts WHERE table_name = 'dogs'")).rows[0]?.total, String(size), 'counted');
    t.same(idleErrors, [], 'no idle connection failed');
  });
});
