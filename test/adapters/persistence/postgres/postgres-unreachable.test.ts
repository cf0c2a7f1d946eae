import { createServer } from 'node:net';
import type { AddressInfo, Socket } from 'node:net';
import t from 'tap';
import { PageRequest } from '../../../../src/application/paging/page-request.js';
import { CheckHealth } from '../../../../src/application/use-cases/check-health.js';
import { PostgresHealthCheck } from '../../../../src/adapters/persistence/postgres/postgres-health-check.js';
import { CONNECTION_TIMEOUT_MS, createPool } from '../../../../src/adapters/persistence/postgres/postgres-pool.js';
import { PostgresRecordRepository } from '../../../../src/adapters/persistence/postgres/postgres-record-repository.js';
import { recordTableOf } from '../../../../src/adapters/persistence/postgres/record-table.js';
import { DOGS } from '../../../../src/domain/api-history/heads/dog-collection.js';
import type { Dog } from '../../../../src/domain/dogs/dog.js';
import { CalendarDate } from '../../../../src/domain/records/calendar-date.js';
import { composeService } from '../../../../src/reference-api.js';
import { StartupError } from '../../../../src/domain/errors/startup-error.js';
import { DependencyUnavailableError } from '../../../../src/application/errors/refusals.js';

const DOG_TABLE = recordTableOf<Dog>(DOGS);

// Nothing listens on port 1 of the loopback: these need no database, and run everywhere.
const NOWHERE = 'postgres://api:secret@127.0.0.1:1/dogs';

t.test('a database that cannot be reached in DATABASE_CONNECT_TIMEOUT_MS refuses the start, naming it without the password', async (t) => {
  const cases: [string, string][] = [
    [NOWHERE, 'postgres://api:***@127.0.0.1:1/dogs'],
    ['postgres://127.0.0.1:1/dogs', 'postgres://127.0.0.1:1/dogs'],
  ];
  for (const [url, shown] of cases) {
    const lines: string[] = [];
    const error = await t.rejects(
      composeService(
        { STORAGE: 'postgres', DATABASE_URL: url, DATABASE_CONNECT_TIMEOUT_MS: '1500' },
        { stdout: (line) => lines.push(line), stderr: (line) => lines.push(line) },
      ),
      StartupError,
    );
    const message = (error as Error).message;
    t.equal(
      message.startsWith(`the database at DATABASE_URL ${shown} cannot be reached within DATABASE_CONNECT_TIMEOUT_MS=1500: `),
      true,
      `${shown}: named`,
      { message },
    );
    t.match(message, /nothing accepts connections at 127\.0\.0\.1:1 \(.*ECONNREFUSED/, `${shown}: the cause, and where`);
    t.notMatch(message, /secret/, `${shown}: the password is not shown`);
    t.ok(lines.length >= 1, `${shown}: the retries were logged`);
    t.notMatch(lines.join('\n'), /secret/, `${shown}: nor in the log`);
  }
});

t.test('an unreachable database: the repository raises DependencyUnavailableError, the health check says unhealthy', async (t) => {
  const pool = createPool({ url: NOWHERE, size: 1, onIdleError: () => undefined });
  t.teardown(() => pool.end());
  const today = () => CalendarDate.parse('2026-11-22') as CalendarDate;
  const dogs = new PostgresRecordRepository(pool, DOG_TABLE, today);
  const calls: [string, () => Promise<unknown>][] = [
    ['findById', () => dogs.findById(1)],
    ['list', () => dogs.list(PageRequest.of(10, 0))],
    ['list by cursor', () => dogs.list(PageRequest.after(10))],
  ];
  for (const [what, call] of calls) {
    const error = await t.rejects(call(), DependencyUnavailableError, `${what}: unavailable`);
    t.match(error, { code: 'dependency_unavailable', dependency: 'database', message: 'The database is unavailable.' }, `${what}: the stable code`);
  }
  t.same(await new CheckHealth(new PostgresHealthCheck(pool)).execute(), { ok: false, failing: ['database'] }, 'CheckHealth names the database');
});

t.test("a URL without a port is named with PostgreSQL's, 5432", async (t) => {
  // 127.0.0.2 is the loopback too, where no PostgreSQL listens (servers listen on 127.0.0.1, "localhost").
  const error = await t.rejects(
    composeService(
      { STORAGE: 'postgres', DATABASE_URL: 'postgres://127.0.0.2/dogs', DATABASE_CONNECT_TIMEOUT_MS: '0' },
      { stdout: () => undefined, stderr: () => undefined },
    ),
    StartupError,
  );
  t.match((error as Error).message, 'nothing accepts connections at 127.0.0.2:5432');
});

t.test('a host that accepts the connection and never answers: the start is refused naming host:port and the timeout', async (t) => {
  const sockets = new Set<Socket>();
  const silent = createServer((socket) => sockets.add(socket));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  t.teardown(() => {
    for (const socket of sockets) socket.destroy();
    return new Promise<void>((resolve) => silent.close(() => resolve()));
  });
  const { port } = silent.address() as AddressInfo;
  const error = await t.rejects(
    composeService(
      { STORAGE: 'postgres', DATABASE_URL: `postgres://api:secret@127.0.0.1:${port}/dogs`, DATABASE_CONNECT_TIMEOUT_MS: '0' },
      { stdout: () => undefined, stderr: () => undefined },
    ),
    StartupError,
  );
  const message = (error as Error).message;
  t.match(message, `could not connect to 127.0.0.1:${port} within the ${CONNECTION_TIMEOUT_MS} ms connection timeout`, 'what and where', { message });
  t.notMatch(message, /terminated/, "not pg's words");
});
