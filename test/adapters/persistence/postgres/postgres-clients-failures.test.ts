// Needs: PostgreSQL
import pg from 'pg';
import t from 'tap';
import { openPostgresClients } from '../../../../src/adapters/persistence/postgres/connect-postgres.js';
import { PostgresClientRepository } from '../../../../src/adapters/persistence/postgres/postgres-client-repository.js';
import { createPool } from '../../../../src/adapters/persistence/postgres/postgres-pool.js';
import { migrateSchema } from '../../../../src/adapters/persistence/postgres/postgres-schema.js';
import { clientNamed } from '../../../fixtures/contracts/client-repository-contract.js';
import { administer, testDatabase } from '../../../fixtures/postgres/test-database.js';
import { DependencyUnavailableError } from '../../../../src/application/errors/refusals.js';
import { StartupError } from '../../../../src/domain/errors/startup-error.js';
import { REFERENCE_TABLES } from '../../../fixtures/postgres/reference-tables.js';

const url = await testDatabase(t);
if (url !== undefined) {
  const connection = { url, poolSize: 1, statementTimeoutMs: 5_000, connectTimeoutMs: 5_000 };
  /** The rows of one statement, on a connection of its own. */
  const ask = async <R extends object>(sql: string): Promise<R[]> => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query<R>(sql)).rows;
    } finally {
      await client.end();
    }
  };
  const [{ rolsuper }] = (await ask<{ rolsuper: boolean }>('SELECT rolsuper FROM pg_roles WHERE rolname = current_user')) as [{ rolsuper: boolean }];

  t.test('the database lost, a write is DependencyUnavailableError (a 503), and the keys are still served from memory', async (t) => {
    const pool = createPool({ url, size: 1, onIdleError: () => undefined });
    await migrateSchema(pool, REFERENCE_TABLES);
    const lines: string[] = [];
    const repository = await PostgresClientRepository.open(pool, {
      url,
      warn: (message) => lines.push(message),
      firstRetryMs: 100,
      longestRetryMs: 100,
    });
    t.teardown(() => repository.close());
    const ada = clientNamed('ada');
    await repository.add(ada);
    await pool.end();
    await t.rejects(repository.add(clientNamed('bob')), DependencyUnavailableError, 'an add');
    await t.rejects(repository.replace(ada, { ...ada, pinnedVersion: '5.0.0' }), DependencyUnavailableError, 'a replace');
    await t.rejects(repository.revoke('ada', 1), DependencyUnavailableError, 'a revocation');
    t.same(repository.withKeyHash(ada.keyHash), ada, 'the key is still served');
    t.same(await repository.all(), [ada], 'nothing changed');
    t.same(lines, [], 'the listener was not lost');
  });

  const notHeld = rolsuper && "a superuser is not held to a database's CONNECTION LIMIT";
  t.test('a database that refuses the listener refuses the start, and nothing stays open', { skip: notHeld }, async (t) => {
    const name = new URL(url).pathname.slice(1);
    // The pool's connection, kept once the schema is made, is the one allowed: the listener's is refused.
    await administer(url, `ALTER DATABASE ${name} CONNECTION LIMIT 1`);
    t.teardown(() => administer(url, `ALTER DATABASE ${name} CONNECTION LIMIT -1`));
    const lines: string[] = [];
    const error = await t.rejects(openPostgresClients({ ...connection, log: (line) => lines.push(line) }, REFERENCE_TABLES), StartupError);
    t.match(
      (error as Error).message,
      /^the database at DATABASE_URL .* refused the start \(listening for the clients' changes\): too many connections for database/,
    );
    const others = 'SELECT count(*)::int AS count FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()';
    t.same(await ask(others), [{ count: 0 }], 'the pool was ended');
    t.same(lines, [], 'no retry: the database answered');
  });
}
