// Needs: PostgreSQL
import { UsageSpool } from '../../../../src/adapters/persistence/usage-spool.js';
import { setTimeout as delay } from 'node:timers/promises';
import { Container } from 'inversify';
import pg from 'pg';
import t from 'tap';
import { openPostgresClients, openPostgresStorage, type PostgresConnection } from '../../../../src/adapters/persistence/postgres/connect-postgres.js';
import { CLIENT_COLUMNS } from '../../../../src/adapters/persistence/postgres/client-table.js';
import { CLIENT_CHANNEL } from '../../../../src/adapters/persistence/postgres/postgres-client-repository.js';
import { CLIENT_REPOSITORY, type ClientRepository } from '../../../../src/application/ports/client-repository.js';
import { clientNamed } from '../../../fixtures/contracts/client-repository-contract.js';
import { testDatabase } from '../../../fixtures/postgres/test-database.js';
import { TestClock } from '../../../fixtures/test-clock.js';
import { REFERENCE_TABLES } from '../../../fixtures/postgres/reference-tables.js';
import { RECORD_COLLECTIONS } from '../../../../src/domain/api-history/bundle.js';

/** The promise of the issue: a change made anywhere is served everywhere within this. */
const WITHIN_MS = 1_000;
/** How long a wait for something that must happen gives up after, failing the test. */
const GIVE_UP_MS = 15_000;

/** Polls `seen` every millisecond until it holds; the milliseconds since `since`. Throws after GIVE_UP_MS. */
async function waitFor(what: string, seen: () => boolean | Promise<boolean>, since = performance.now()): Promise<number> {
  while (!(await seen())) {
    if (performance.now() - since > GIVE_UP_MS) throw new Error(`not seen within ${GIVE_UP_MS} ms: ${what}`);
    await delay(1);
  }
  return performance.now() - since;
}

/** The warnings a process logged about its listener, parsed. */
const listenerWarnings = (lines: readonly string[]): Record<string, unknown>[] =>
  lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter(({ message }) => /listener/.test(String(message)));

const url = await testDatabase(t);
if (url !== undefined) {
  const connectionLogging = (lines: string[]): PostgresConnection => ({
    url,
    poolSize: 2,
    statementTimeoutMs: 5_000,
    connectTimeoutMs: 5_000,
    log: (line) => lines.push(line),
  });
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  t.teardown(() => admin.end());
  /** The backends LISTENing for clients' changes. */
  const listeners = async (): Promise<number[]> =>
    (
      await admin.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query = $1 ORDER BY pid', [
        `LISTEN ${CLIENT_CHANNEL}`,
      ])
    ).rows.map(({ pid }) => pid);
  const terminate = (pid: number) => admin.query('SELECT pg_terminate_backend($1)', [pid]);

  // The CLI's way in, and a service's: each its own pool and listener.
  const cliLines: string[] = [];
  const cli = await openPostgresClients(connectionLogging(cliLines), REFERENCE_TABLES);
  t.teardown(() => cli.close());
  const [cliListener] = await listeners();
  const serviceLines: string[] = [];
  const storage = await openPostgresStorage(
    connectionLogging(serviceLines),
    new TestClock('2026-11-22'),
    new UsageSpool(t.testdir()),
    RECORD_COLLECTIONS,
  );
  t.teardown(() => storage.close());
  const container = new Container();
  container.load(...storage.modules);
  const service = container.get<ClientRepository>(CLIENT_REPOSITORY);
  const serviceListener = async (): Promise<number> => (await listeners()).find((pid) => pid !== cliListener) as number;

  t.test('a change on one process is served by the other within a second', async (t) => {
    const ada = clientNamed('ada');
    let started = performance.now();
    await cli.clients.add(ada);
    const added = await waitFor('the client added', () => service.withKeyHash(ada.keyHash) !== undefined, started);

    const upgraded = { ...ada, pinnedVersion: '5.0.0', previousVersion: '4.0.0', rollbackUntil: ada.createdAt + 1_000 };
    started = performance.now();
    t.equal(await service.replace(ada, upgraded), true, "the service's own pin change (PUT /client/version)");
    const replaced = await waitFor('the pin change', async () => (await cli.clients.named('ada'))?.pinnedVersion === '5.0.0', started);
    t.same(await cli.clients.named('ada'), upgraded, 'the whole client, instants included');

    started = performance.now();
    t.equal(await cli.clients.revoke('ada', ada.createdAt + 2_000), true);
    const revoked = await waitFor('the revocation', () => service.withKeyHash(ada.keyHash) === undefined, started);
    t.equal((await service.named('ada'))?.revokedAt, ada.createdAt + 2_000, 'the instant of the revocation');

    for (const [what, ms] of [
      ['an add by the CLI, at the service', added],
      ["the service's pin change, at the CLI", replaced],
      ['a revocation by the CLI, at the service', revoked],
    ] as const) {
      t.comment(`${what}: seen ${ms.toFixed(1)} ms after the write was sent`);
      t.ok(ms < WITHIN_MS, `${what}: within ${WITHIN_MS} ms`);
    }
    t.same(listenerWarnings([...cliLines, ...serviceLines]), [], 'no listener was lost');
  });

  t.test('a listener lost is replaced: what changed meanwhile, told to nobody, is read again', async (t) => {
    const bob = clientNamed('bob');
    await cli.clients.add(bob);
    await waitFor('the client added', () => service.withKeyHash(bob.keyHash) !== undefined);
    const terminated = performance.now();
    await terminate(await serviceListener());
    await admin.query("UPDATE version_aware_api.api_clients SET pinned_version = '6.0.0' WHERE name = 'bob'");
    const seen = await waitFor(
      'the change made while nobody listened',
      () => service.withKeyHash(bob.keyHash)?.pinnedVersion === '6.0.0',
      terminated,
    );
    t.comment(`seen ${seen.toFixed(1)} ms after the listener was terminated`);
    t.equal((await listeners()).length, 2, 'listening again');
    t.match(
      listenerWarnings(serviceLines),
      [
        { level: 'warn', message: 'database listener lost, reconnecting', channel: CLIENT_CHANNEL, error: /administrator command/ },
        { level: 'warn', message: 'database listener recovered', channel: CLIENT_CHANNEL, down_ms: Number },
      ],
      'one line for the loss, one for the recovery',
    );
  });

  t.test('a reconnection whose reload fails is tried again, until it succeeds', async (t) => {
    serviceLines.length = 0;
    const locker = new pg.Client({ connectionString: url });
    await locker.connect();
    t.teardown(() => locker.end());
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE version_aware_api.api_clients IN ACCESS EXCLUSIVE MODE');
    await locker.query("UPDATE version_aware_api.api_clients SET pinned_version = '7.0.0' WHERE name = 'bob'");
    const reloading = async (): Promise<number | undefined> =>
      (
        await admin.query<{ pid: number }>(
          "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query = $1",
          [`SELECT ${CLIENT_COLUMNS} FROM api_clients`],
        )
      ).rows[0]?.pid;
    await terminate(await serviceListener());
    let first: number | undefined;
    await waitFor('a reload waiting for the lock', async () => (first = await reloading()) !== undefined);
    await terminate(first as number);
    await waitFor('another reload, after a wait', async () => ![undefined, first].includes(await reloading()));
    await locker.query('COMMIT');
    await waitFor('the change made meanwhile', () => service.withKeyHash(clientNamed('bob').keyHash)?.pinnedVersion === '7.0.0');
    t.match(
      listenerWarnings(serviceLines).map(({ message }) => message),
      ['database listener lost, reconnecting', 'database listener recovered'],
      'one line for the loss, one for the recovery, none for the attempt that failed',
    );
  });

  t.test('a change that cannot be read counts as the listener lost', async (t) => {
    serviceLines.length = 0;
    cliLines.length = 0;
    await admin.query('ALTER TABLE version_aware_api.api_clients RENAME TO api_clients_elsewhere');
    await admin.query("UPDATE version_aware_api.api_clients_elsewhere SET pinned_version = '8.0.0' WHERE name = 'bob'");
    await admin.query(`NOTIFY ${CLIENT_CHANNEL}, 'bob'`);
    // Both processes must have failed their read before the table comes back, or one may read it fine.
    await waitFor('the loss, said by both', () => listenerWarnings(serviceLines).length > 0 && listenerWarnings(cliLines).length > 0);
    await admin.query('ALTER TABLE version_aware_api.api_clients_elsewhere RENAME TO api_clients');
    await waitFor('the change, read again', () => service.withKeyHash(clientNamed('bob').keyHash)?.pinnedVersion === '8.0.0');
    t.match(listenerWarnings(serviceLines), [{ message: 'database listener lost, reconnecting', error: /relation "api_clients" does not exist/ }]);
    await waitFor("the CLI's listener back too", () => listenerWarnings(cliLines).length === 2);
    await waitFor('the service says it recovered', () => listenerWarnings(serviceLines).length === 2);
  });

  t.test('closed while reconnecting, it reconnects no more', async (t) => {
    const lines: string[] = [];
    const before = await listeners();
    const other = await openPostgresClients(connectionLogging(lines), REFERENCE_TABLES);
    const otherListener = (await listeners()).find((pid) => !before.includes(pid)) as number;
    const locker = new pg.Client({ connectionString: url });
    await locker.connect();
    t.teardown(() => locker.end());
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE version_aware_api.api_clients IN ACCESS EXCLUSIVE MODE');
    await terminate(otherListener);
    await waitFor('its reload waiting for the lock', async () => {
      const { rows } = await admin.query("SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'");
      return rows.length > 0;
    });
    const closing = other.close();
    await locker.query('COMMIT');
    await closing;
    await delay(1);
    t.same(
      listenerWarnings(lines).map(({ message }) => message),
      ['database listener lost, reconnecting'],
      'no recovery is said',
    );
    t.same(await listeners(), before, 'no listener of its left');
  });
}
