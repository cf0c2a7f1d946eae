// Needs: PostgreSQL
import { setTimeout as delay } from 'node:timers/promises';
import t from 'tap';
import { createPool } from '../../../../src/adapters/persistence/postgres/postgres-pool.js';
import { withConnection } from '../../../../src/adapters/persistence/postgres/held-connection.js';
import { testDatabase } from '../../../fixtures/postgres/test-database.js';

const url = await testDatabase(t);
if (url !== undefined) {
  const database = url;

  t.test('a connection held between statements whose backend is terminated: the next statement fails, the process lives', async (t) => {
    const pool = createPool({ url: database, size: 2, onIdleError: () => undefined });
    const admin = createPool({ url: database, size: 1, onIdleError: () => undefined });
    t.teardown(async () => {
      await pool.end();
      await admin.end();
    });
    const failure = await withConnection(pool, async (client) => {
      const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      await admin.query('SELECT pg_terminate_backend($1)', [rows[0]?.pid]);
      // The FATAL is emitted as 'error' on the connection while no statement runs: with no listener, it ends the process.
      await delay(300);
      return client.query('SELECT 1').then(
        () => 'answered',
        (error: Error) => error.message,
      );
    });
    t.match(failure, /not queryable|terminat/i, 'the statement after it fails, as a statement');
    const { rows } = await pool.query<{ one: number }>('SELECT 1 AS one');
    t.same(rows, [{ one: 1 }], 'the pool serves on, with a new connection');
  });

  t.test('a failure inside: the connection is ended, not reused, and the failure is thrown', async (t) => {
    const pool = createPool({ url: database, size: 1, onIdleError: () => undefined });
    t.teardown(() => pool.end());
    const pids = new Set<number>();
    await t.rejects(
      withConnection(pool, async (client) => {
        pids.add((await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]?.pid as number);
        throw new Error('the caller failed');
      }),
      { message: 'the caller failed' },
    );
    await withConnection(pool, async (client) => {
      pids.add((await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]?.pid as number);
    });
    t.equal(pids.size, 2, 'a new connection after the failure');
  });

  t.test('no connection to be had: the failure is thrown, nothing run', async (t) => {
    const unreachable = new URL(database);
    unreachable.port = '1';
    const pool = createPool({ url: unreachable.toString(), size: 1, onIdleError: () => undefined });
    t.teardown(() => pool.end());
    let ran = false;
    await t.rejects(
      withConnection(pool, async () => {
        ran = true;
      }),
      { code: 'ECONNREFUSED' },
    );
    t.notOk(ran, 'nothing run');
  });
}
