// Needs: /usr/sbin/haproxy, PostgreSQL
import autocannon from 'autocannon';
import { setTimeout as delay } from 'node:timers/promises';
import t from 'tap';
import { createPool } from '../../src/adapters/persistence/postgres/postgres-pool.js';
import { writeRecords } from '../../src/adapters/persistence/postgres/postgres-bulk-load.js';
import { parseDog } from '../../src/domain/dogs/dog.js';
import { CalendarDate } from '../../src/domain/records/calendar-date.js';
import { freePort } from '../fixtures/free-port.js';
import { startHaproxy } from '../fixtures/haproxy.js';
import { runMain, type MainProcess } from '../fixtures/main-process.js';
import { externalTool } from '../fixtures/metrics.js';
import { testDatabase } from '../fixtures/postgres/test-database.js';
import { REFERENCE_TABLES } from '../fixtures/postgres/reference-tables.js';

// Four starts of the service, each compiling src, on a busy machine.
t.setTimeout(240_000);
const INSTANCE_LIFETIME_MS = 200_000;

const haproxy = externalTool(t, 'haproxy', 'haproxy');
const url = haproxy === undefined ? undefined : await testDatabase(t);

if (haproxy !== undefined && url !== undefined) {
  t.test('haproxy in front of two instances on one PostgreSQL: a rolling restart under load fails no request', async (t) => {
    const settings = {
      STORAGE: 'postgres',
      DATABASE_URL: url,
      DATABASE_POOL_SIZE: '4',
      ACCESS_LOG: 'off',
      TODAY: '2026-11-22',
      DRAIN_TIMEOUT_MS: '5000',
    };
    const ports = [await freePort(), await freePort()];
    const start = async (port: number): Promise<MainProcess> => {
      const instance = runMain(t, { ...settings, PORT: String(port) }, [], INSTANCE_LIFETIME_MS);
      const listening = await instance.lines('listening');
      if (listening === undefined) throw new Error(`the instance on ${port} did not start: ${instance.stderr.join('\n')}`);
      return instance;
    };
    const instances = [await start(ports[0] as number), await start(ports[1] as number)];
    const today = CalendarDate.parse('2026-11-22') as CalendarDate;
    const pool = createPool({ url, size: 1, onIdleError: () => undefined });
    t.teardown(() => pool.end());
    await writeRecords(
      pool,
      {
        dogs: Array.from({ length: 120 }, (_, index) => parseDog({ id: index + 1, name: `Dog ${index + 1}`, birthday: '2014-05-06' }, today)),
        cats: [],
      },
      REFERENCE_TABLES,
    );

    const proxy = await startHaproxy(t, haproxy, `127.0.0.1:${ports[0]}`, `127.0.0.1:${ports[1]}`);
    await proxy.waitUntilUp('api-1');
    await proxy.waitUntilUp('api-2');
    t.same(await proxy.states(), { 'api-1': 'UP', 'api-2': 'UP' }, 'both instances UP behind haproxy');
    t.equal((await fetch(`${proxy.url}/doggies/1/`)).status, 200, 'served through haproxy');

    const started = Date.now();
    let stopLoad: () => void = () => {};
    const load = new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon(
        {
          url: proxy.url,
          connections: 10,
          duration: 180,
          timeout: 10,
          requests: [
            { method: 'GET', path: '/doggies/1/', headers: { accept: 'application/json; version=2.1.0' } },
            { method: 'GET', path: '/doggies/?limit=100', headers: { accept: 'application/json; version=5.0.0' } },
          ],
        },
        (error, result) => (error === null || error === undefined ? resolve(result) : reject(error as Error)),
      );
      stopLoad = () => instance.stop();
    });
    await delay(2000);

    for (const [index, port] of ports.entries()) {
      const name = `api-${index + 1}`;
      const old = instances[index] as MainProcess;
      old.child.kill('SIGTERM');
      t.strictSame(await old.finished(), { code: 0, signal: null }, `${name}: drained and exited 0`);
      const fresh = await start(port);
      instances[index] = fresh;
      await proxy.waitUntilUp(name);
      t.pass(`${name}: restarted and UP again`);
      await delay(1000);
    }
    await delay(2000);
    stopLoad();
    const result = await load;
    const seconds = (Date.now() - started) / 1000;
    const answered = Object.values(result.statusCodeStats ?? {}).reduce((sum, { count = 0 }) => sum + count, 0);
    t.comment(
      `rolling restart under load: ${answered} requests in ${seconds.toFixed(1)} s, 10 connections, ` +
        `${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx; statuses ${JSON.stringify(result.statusCodeStats)}`,
    );
    t.ok(answered > 100, `requests answered throughout (${answered})`);
    t.equal(result.errors, 0, 'no connection error', { haproxy: proxy.output });
    t.equal(result.timeouts, 0, 'no timeout');
    t.equal(result.non2xx, 0, 'no failed request: every answer a 2xx', { statuses: result.statusCodeStats, haproxy: proxy.output });
    t.same(await proxy.states(), { 'api-1': 'UP', 'api-2': 'UP' }, 'both UP at the end');
  });
}
