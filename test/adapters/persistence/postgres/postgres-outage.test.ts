// Needs: PostgreSQL
import { setTimeout as delay } from 'node:timers/promises';
import t from 'tap';
import { createPool } from '../../../../src/adapters/persistence/postgres/postgres-pool.js';
import { writeRecords } from '../../../../src/adapters/persistence/postgres/postgres-bulk-load.js';
import { parseCat } from '../../../../src/domain/cats/cat.js';
import { parseDog } from '../../../../src/domain/dogs/dog.js';
import { CalendarDate } from '../../../../src/domain/records/calendar-date.js';
import { composeService } from '../../../../src/reference-api.js';
import { privateServerOrSkip } from '../../../fixtures/postgres/private-server.js';
import { startService } from '../../../fixtures/service.js';
import { REFERENCE_TABLES } from '../../../fixtures/postgres/reference-tables.js';

const today = CalendarDate.parse('2026-11-22') as CalendarDate;
const UNAVAILABLE = { detail: 'Service unavailable.' };

/** Polls `url` until it answers `status`, up to `tries` times; the last status seen. */
async function waitForStatus(url: string, status: number, tries = 150): Promise<number> {
  let seen = 0;
  for (let attempt = 0; attempt < tries && seen !== status; attempt += 1) {
    seen = await fetch(url).then(
      async (response) => (await response.arrayBuffer(), response.status),
      () => 0,
    );
    if (seen !== status) await delay(200);
  }
  return seen;
}

const server = await privateServerOrSkip(t);

if (server !== undefined) {
  const db = server;

  t.test('the database lost while serving: 503 with Retry-After, /health/ names it, no crash, recovery by itself', async (t) => {
    const service = await startService(t, { STORAGE: 'postgres', DATABASE_URL: db.url, ACCESS_LOG: 'off' });
    const pool = createPool({ url: db.url, size: 1, onIdleError: () => undefined });
    await writeRecords(
      pool,
      { dogs: [parseDog({ id: 1, name: 'Biko', birthday: '2014-05-06' }, today)], cats: [parseCat({ id: 1, name: 'Tom' })] },
      REFERENCE_TABLES,
    );
    await pool.end();

    const dog = await fetch(`${service.url}/doggies/1/`);
    t.same([dog.status, await dog.json()], [200, { id: 1, name: 'Biko', birthday: '2014-05-06' }], 'served while the database is up');
    const healthy = await fetch(`${service.url}/health/`);
    t.same([healthy.status, await healthy.json()], [200, { status: 'ok' }], '/health/ is ok');

    await db.stop();
    for (const path of ['/doggies/1/', '/doggies/', '/cats/1/']) {
      const response = await fetch(`${service.url}${path}`);
      t.equal(response.status, 503, `${path}: 503 while the database is down`);
      t.equal(response.headers.get('retry-after'), '5', `${path}: Retry-After`);
      t.same(await response.json(), UNAVAILABLE, `${path}: the fixed body, no detail of the fault`);
    }
    const sick = await fetch(`${service.url}/health/`, { headers: { accept: 'application/json; version=9.9.9' } });
    t.equal(sick.status, 503, '/health/ is 503, whatever version Accept asks for');
    t.equal(sick.headers.get('retry-after'), '5', '/health/: Retry-After');
    t.equal(sick.headers.get('cache-control'), 'no-store', '/health/ is never cached');
    t.same(
      await sick.json(),
      { status: 'unavailable', failing: ['database'], detail: 'Service unavailable: database not answering.' },
      '/health/ names the database',
    );
    t.same(
      service.stderr.filter((line) => /"level":"error"/.test(line)),
      [],
      'an outage is no unexpected error: nothing logged as a 500',
    );

    await db.start();
    t.equal(await waitForStatus(`${service.url}/doggies/1/`, 200), 200, 'the service serves again once the database is back');
    const again = await fetch(`${service.url}/cats/1/`, { headers: { accept: 'application/json; version=4.0.0' } });
    t.same([again.status, await again.json()], [200, { id: 1, name: 'Tom' }], 'every repository recovered');
    t.equal((await fetch(`${service.url}/health/`)).status, 200, '/health/ is ok again');
  });

  t.test('the start waits for a database that is not up yet, retrying with backoff', async (t) => {
    await db.stop();
    const lines: string[] = [];
    const composing = composeService(
      { STORAGE: 'postgres', DATABASE_URL: db.url, DATABASE_CONNECT_TIMEOUT_MS: '60000', TODAY: '2026-11-22' },
      { stdout: (line) => lines.push(line), stderr: (line) => lines.push(line) },
    );
    for (let tries = 0; tries < 100 && lines.length < 2; tries += 1) await delay(50);
    await db.start();
    const service = await composing;
    t.teardown(() => service.stop());
    t.ok(lines.length >= 2, 'it retried while the database was down', { lines });
    t.match(
      JSON.parse(lines[0] as string),
      { level: 'warn', message: 'database unreachable, retrying', retry_in_ms: 100 },
      'each retry is logged with its wait',
    );
  });
}
