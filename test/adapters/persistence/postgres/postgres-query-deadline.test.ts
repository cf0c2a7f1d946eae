// Needs: PostgreSQL
import { createServer, connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import t from 'tap';
import { PageRequest } from '../../../../src/application/paging/page-request.js';
import { createPool } from '../../../../src/adapters/persistence/postgres/postgres-pool.js';
import { DEFAULT_CACHE_SIZES } from '../../../../src/adapters/caching/cache-sizes.js';
import { PostgresRecordRepository } from '../../../../src/adapters/persistence/postgres/postgres-record-repository.js';
import { migrateSchema } from '../../../../src/adapters/persistence/postgres/postgres-schema.js';
import { QueryTimeoutError } from '../../../../src/adapters/persistence/postgres/query-deadline.js';
import { recordTableOf } from '../../../../src/adapters/persistence/postgres/record-table.js';
import { DOGS } from '../../../../src/domain/api-history/heads/dog-collection.js';
import type { Dog } from '../../../../src/domain/dogs/dog.js';
import { CalendarDate } from '../../../../src/domain/records/calendar-date.js';
import { testDatabase } from '../../../fixtures/postgres/test-database.js';
import { DependencyUnavailableError } from '../../../../src/application/errors/refusals.js';
import { REFERENCE_TABLES } from '../../../fixtures/postgres/reference-tables.js';

const DOG_TABLE = recordTableOf<Dog>(DOGS);

const TIMEOUT_MS = 300;
const today = (): CalendarDate => CalendarDate.parse('2026-11-22') as CalendarDate;

/** A TCP proxy to the database that can go silent: while frozen it passes nothing back, as a server that hangs. */
async function silenceableProxy(target: URL): Promise<{ port: number; freeze(frozen: boolean): void; close(): Promise<void> }> {
  let frozen = false;
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => sockets.delete(socket));
    }
    client.on('data', (chunk) => upstream.write(chunk));
    upstream.on('data', (chunk) => {
      if (!frozen) client.write(chunk);
    });
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    freeze: (value) => (frozen = value),
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

const url = await testDatabase(t);
if (url !== undefined) {
  const direct = createPool({ url, size: 1, onIdleError: (error) => t.fail(error.message) });
  t.teardown(() => direct.end());
  await migrateSchema(direct, REFERENCE_TABLES);
  await direct.query("INSERT INTO dogs SELECT g, 'Dog ' || g, '2014-05-06' FROM generate_series(1, 10) g");

  t.test('a query the database never answers fails after the deadline; its connection is replaced', async (t) => {
    const proxy = await silenceableProxy(new URL(url));
    t.teardown(() => proxy.close());
    const proxied = new URL(url);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    const pool = createPool({ url: proxied.toString(), size: 2, onIdleError: () => undefined });
    t.teardown(() => pool.end());
    const dogs = new PostgresRecordRepository(pool, DOG_TABLE, today, DEFAULT_CACHE_SIZES.rows, TIMEOUT_MS);
    // Two at once, so the pool holds two connections: each call below finds one open (a new one would wait on the connect timeout).
    const [page, dog] = await Promise.all([dogs.list(PageRequest.of(3, 0)), dogs.findById(1)]);
    t.same([page.total, dog?.id], [10, 1], 'answered while the database speaks');

    proxy.freeze(true);
    const calls: [string, () => Promise<unknown>][] = [
      ['a page', () => dogs.list(PageRequest.of(3, 0))],
      ['a dog', () => dogs.findById(2)],
    ];
    for (const [what, call] of calls) {
      const started = Date.now();
      const error = await t.rejects(call(), DependencyUnavailableError, `${what}: a 503, not a request held forever`);
      const waited = Date.now() - started;
      t.ok((error as Error).cause instanceof QueryTimeoutError, `${what}: because the deadline passed`);
      t.ok(waited >= TIMEOUT_MS && waited < TIMEOUT_MS * 4, `${what}: after ${waited} ms, the deadline ${TIMEOUT_MS} ms and a check`);
    }

    proxy.freeze(false);
    t.equal((await dogs.findById(2))?.id, 2, 'once the database speaks again, new connections answer');
    t.same(
      (await dogs.list(PageRequest.of(2, 0))).records.map((dog) => dog.id),
      [1, 2],
      'and pages too',
    );
  });
}
