// Needs: PostgreSQL
import { setTimeout as delay } from 'node:timers/promises';
import { Container } from 'inversify';
import pg from 'pg';
import t from 'tap';
import { InMemoryClientRepository } from '../../../../src/adapters/persistence/memory/in-memory-client-repository.js';
import { postgresPersistenceModule } from '../../../../src/adapters/persistence/postgres/connect-postgres.js';
import { createPool } from '../../../../src/adapters/persistence/postgres/postgres-pool.js';
import { PostgresRecordWriter } from '../../../../src/adapters/persistence/postgres/postgres-record-writer.js';
import { recordTableOf } from '../../../../src/adapters/persistence/postgres/record-table.js';
import { CacheSizes } from '../../../../src/adapters/caching/cache-sizes.js';
import { DependencyUnavailableError } from '../../../../src/application/errors/refusals.js';
import { repositoryOf, type RecordRepository } from '../../../../src/application/ports/record-repository.js';
import { IDEMPOTENCY_KEY_HOURS, writerOf, type RecordWriter } from '../../../../src/application/ports/record-writer.js';
import { DOGS } from '../../../../src/domain/api-history/heads/dog-collection.js';
import { parseDog, type Dog } from '../../../../src/domain/dogs/dog.js';
import { CalendarDate } from '../../../../src/domain/records/calendar-date.js';
import { recordWriterContract } from '../../../fixtures/contracts/record-writer-contract.js';
import { postgresStores } from '../../../fixtures/stores/postgres-stores.js';
import { TestClock } from '../../../fixtures/test-clock.js';
import { REFERENCE_TABLES } from '../../../fixtures/postgres/reference-tables.js';

const stores = await postgresStores(t);
if (stores !== undefined) {
  const { url, pool, dogWriters } = stores;
  recordWriterContract(t, dogWriters);

  const today = (): CalendarDate => CalendarDate.parse('2026-11-22') as CalendarDate;
  const named =
    (name: string) =>
    (id: number): Dog =>
      parseDog({ id, name, birthday: '2014-05-06' }, today());
  const claim = { scope: 'client-a', key: 'key-1', fingerprint: 'request A' };

  t.test('a database that does not answer: create and update raise DependencyUnavailableError', async (t) => {
    // Nothing listens on port 1 of the loopback.
    const nowhere = createPool({ url: 'postgres://api:secret@127.0.0.1:1/dogs', size: 1, onIdleError: () => undefined });
    t.teardown(() => nowhere.end());
    const writer = new PostgresRecordWriter(nowhere, recordTableOf<Dog>(DOGS), today);
    await t.rejects(writer.create(named('Rex')), DependencyUnavailableError, 'create');
    await t.rejects(writer.create(named('Rex'), claim), DependencyUnavailableError, 'create with a claim');
    await t.rejects(
      writer.update(1, (current) => current),
      DependencyUnavailableError,
      'update',
    );
  });

  t.test('a connection the server ends mid-transaction (57P01): DependencyUnavailableError, nothing stored, the next write served', async (t) => {
    const { writer, repository } = await dogWriters.fromRecords([named('Biko')(1)]);
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    t.teardown(() => other.end());
    const cases: [string, string, () => Promise<unknown>][] = [
      ['a create', 'LOCK TABLE version_aware_api.dogs IN ACCESS EXCLUSIVE MODE', async () => writer.create(named('Lost'), claim)],
      ['an update', 'SELECT id FROM version_aware_api.dogs WHERE id = 1 FOR UPDATE', async () => writer.update(1, () => named('Lost')(1))],
    ];
    for (const [what, hold, call] of cases) {
      await other.query('BEGIN');
      await other.query(hold);
      const failure = call().then(
        () => undefined,
        (error: unknown) => error,
      );
      const waiting = await backendWaitingOnLock(other);
      await other.query('SELECT pg_terminate_backend($1)', [waiting]);
      const error = await failure;
      t.type(error, DependencyUnavailableError, `${what}: unavailable`);
      t.match((error as Error).cause, { code: '57P01' }, `${what}: the cause kept`);
      await other.query('ROLLBACK');
    }
    t.same(await repository.findById(1), named('Biko')(1), 'the record unchanged');
    t.equal(await repository.findById(2), undefined, 'none created');
    t.same(await writer.create(named('After'), claim), { kind: 'created', record: named('After')(2) }, 'the next create is served, its key not kept');
    t.same(await writer.update(1, () => named('Changed')(1)), named('Changed')(1), 'the next update too');
  });

  t.test('a key older than IDEMPOTENCY_KEY_HOURS is removed, and its claim creates anew', async (t) => {
    const { writer } = await dogWriters.fromRecords([]);
    await writer.create(named('First'), claim);
    await writer.create(named('Other'), { ...claim, key: 'key-2' });
    const age = async (key: string, minutes: number): Promise<void> => {
      await pool.query(`UPDATE idempotency_keys SET created_at = now() - make_interval(mins => $2) WHERE key = $1`, [key, minutes]);
    };
    await age('key-1', IDEMPOTENCY_KEY_HOURS * 60 - 1);
    t.match(await writer.create(named('Again'), claim), { kind: 'replayed', record: { id: 1 } }, 'kept within its lifetime');
    await age('key-1', IDEMPOTENCY_KEY_HOURS * 60 + 1);
    t.match(await writer.create(named('Anew'), claim), { kind: 'created', record: { id: 3, name: 'Anew' } }, 'created anew once expired');
    const { rows } = await pool.query<{ key: string; record_id: string }>('SELECT key, record_id FROM idempotency_keys ORDER BY key');
    t.same(
      rows,
      [
        { key: 'key-1', record_id: '3' },
        { key: 'key-2', record_id: '2' },
      ],
      'the key now names the new record; the other is kept',
    );
  });

  t.test('a key whose record is gone (its table emptied outside the service) creates anew', async (t) => {
    const { writer } = await dogWriters.fromRecords([]);
    await writer.create(named('First'), claim);
    await pool.query('TRUNCATE dogs');
    t.match(await writer.create(named('Anew'), claim), { kind: 'created', record: { id: 1, name: 'Anew' } }, 'created');
    t.match(await writer.create(named('Again'), claim), { kind: 'replayed', record: { id: 1, name: 'Anew' } }, 'and replayed after');
  });

  t.test('a maker that gives another id than the one it was given is a fault: nothing stored', async (t) => {
    const { writer, repository } = await dogWriters.fromRecords([]);
    await t.rejects(Promise.resolve(writer.create(() => named('Biko')(7))), { message: 'a record made for id 1 of table dogs has id 7' });
    t.equal((await repository.findById(7)) ?? (await repository.findById(1)), undefined);
  });

  t.test('a stored row that breaks the record rules is a fault naming it, never changed', async (t) => {
    const { writer } = await dogWriters.fromRecords([named('Biko')(1)]);
    await pool.query('ALTER TABLE dogs DROP CONSTRAINT dogs_name_check');
    await pool.query("UPDATE dogs SET name = '' WHERE id = 1");
    await t.rejects(Promise.resolve(writer.update(1, (dog) => dog)), { name: 'StoredRecordError', message: /dogs.*1.*name/ });
    const { rows } = await pool.query<{ name: string }>('SELECT name FROM dogs WHERE id = 1');
    t.same(rows, [{ name: '' }]);
  });

  t.test("postgresPersistenceModule binds each table's writer, one per table, over the repository's table", async (t) => {
    await dogWriters.fromRecords([named('Biko')(1)]);
    const container = new Container();
    container.bind(CacheSizes).toConstantValue(new CacheSizes());
    container.load(postgresPersistenceModule(pool, new TestClock('2026-11-22'), new InMemoryClientRepository(), REFERENCE_TABLES));
    const writer = container.get<RecordWriter<Dog>>(writerOf(DOGS));
    t.type(writer, PostgresRecordWriter, 'a PostgresRecordWriter');
    t.equal(container.get(writerOf(DOGS)), writer, 'one instance');
    await writer.create(named('Rex'));
    t.equal((await container.get<RecordRepository<Dog>>(repositoryOf(DOGS)).findById(2))?.name, 'Rex', 'read through the repository');
  });
}

/** The backend of another session waiting on a lock `holder` holds, once it waits. */
async function backendWaitingOnLock(holder: pg.Client): Promise<number> {
  for (let tries = 0; tries < 200; tries += 1) {
    const { rows } = await holder.query<{ pid: number }>(
      "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()",
    );
    if (rows[0] !== undefined) return rows[0].pid;
    await delay(25);
  }
  throw new Error('no session came to wait on the lock');
}
