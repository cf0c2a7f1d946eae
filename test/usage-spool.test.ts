// Needs: PostgreSQL
import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import t from 'tap';
import { createPool } from '../src/adapters/persistence/postgres/postgres-pool.js';
import { runMain } from './fixtures/main-process.js';
import { startService } from './fixtures/service.js';
import { privateServerOrSkip } from './fixtures/postgres/private-server.js';

const REQUESTS = 120;
const COUNT = { client: 'anonymous', version: '5.0.0', route: '/doggies/', day: '2026-11-22', requests: 3 };

const errorLines = (stderr: readonly string[]) =>
  stderr.filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as Record<string, unknown>);

// four starts of the service and two of a database: about 15 s alone.
t.setTimeout(180_000);
const server = await privateServerOrSkip(t);

if (server !== undefined) {
  const db = server;

  t.test('counts the database cannot take at stop are spooled, named with their number, and stored at the next start', async (t) => {
    const spoolDir = join(t.testdir(), 'spool');
    const settings = { STORAGE: 'postgres', DATABASE_URL: db.url, ACCESS_LOG: 'off', TODAY: '2026-11-22', USAGE_SPOOL_DIR: spoolDir };
    const first = runMain(t, settings);
    const [listening] = (await first.lines('listening')) ?? [];
    const url = String(listening?.['url']);
    for (let index = 0; index < REQUESTS; index += 1) {
      const response = await fetch(`${url}/version/`);
      await response.arrayBuffer();
    }
    await db.stop();
    first.child.kill('SIGTERM');
    t.same(await first.finished(), { code: 0, signal: null }, 'it stops, exit code 0');
    const [spooled] = errorLines(first.stderr).filter(
      (line) => line['message'] === 'usage counts not stored; spooled, to be stored at the next start',
    );
    t.match(spooled, { level: 'error', requests: REQUESTS, file: String }, 'one line names the file and the number of requests in it');
    const file = String(spooled?.['file']);
    t.same(await readdir(spoolDir), [file.slice(spoolDir.length + 1)], 'the file is in USAGE_SPOOL_DIR, and nothing else');

    await db.start();
    const second = runMain(t, settings);
    await second.lines('listening');
    t.match(
      errorLines(second.stderr).filter((line) => line['message'] === 'spooled usage counts stored'),
      [{ level: 'info', file, requests: REQUESTS }],
      'the next start stores them, and says so',
    );
    t.same(await readdir(spoolDir), [], 'the file is gone once stored');
    const pool = createPool({ url: db.url, size: 1, onIdleError: () => undefined });
    t.teardown(() => pool.end());
    const { rows } = await pool.query<{ requests: string }>(`SELECT sum(requests)::text AS requests FROM api_usage WHERE route = '/version/'`);
    t.equal(Number(rows[0]?.requests), REQUESTS, 'every request counted, once');
    second.child.kill('SIGTERM');
    t.same(await second.finished(), { code: 0, signal: null }, 'the second stops, exit code 0');
    t.same(await readdir(spoolDir), [], 'a stop whose counts are stored spools nothing');
  });

  t.test('counts neither stored nor spooled at stop: the number lost is said', async (t) => {
    const spoolDir = join(t.testdir(), 'spool');
    const service = await startService(t, { STORAGE: 'postgres', DATABASE_URL: db.url, ACCESS_LOG: 'off', USAGE_SPOOL_DIR: spoolDir });
    for (let index = 0; index < 7; index += 1) await (await fetch(`${service.url}/version/`)).arrayBuffer();
    await writeFile(spoolDir, 'a file where the folder would be');
    await db.stop();
    t.teardown(() => db.start());
    await service.stop();
    t.match(
      service.stderr.map((line) => JSON.parse(line) as Record<string, unknown>).filter(({ message }) => String(message).startsWith('usage counts')),
      [{ level: 'error', message: 'usage counts lost: neither stored nor spooled', requests: 7, error: String, spool_error: /EEXIST|ENOTDIR/ }],
      'one line with the number of requests lost, and both failures',
    );
  });

  t.test('a start names what it could not store: a file the database refuses is kept, one not of counts is left', async (t) => {
    const dir = t.testdir({
      'usage-refused.json': JSON.stringify({ usage: [{ ...COUNT, day: '2026-02-30' }] }),
      'usage-by-hand.json': 'not json',
    });
    const service = await startService(t, { STORAGE: 'postgres', DATABASE_URL: db.url, ACCESS_LOG: 'off', USAGE_SPOOL_DIR: dir });
    t.match(
      service.stderr.map((line) => JSON.parse(line) as Record<string, unknown>).filter(({ message }) => String(message).startsWith('spooled')),
      [
        {
          level: 'warn',
          message: 'spooled usage counts not stored; kept for the next start',
          file: join(dir, 'usage-refused.json'),
          requests: 3,
          error: /date/,
        },
        { level: 'warn', message: 'spooled usage file not read; left as it is', file: join(dir, 'usage-by-hand.json'), error: 'not JSON' },
      ],
      'a line for each, with the file',
    );
    t.same((await readdir(dir)).sort(), ['usage-by-hand.json', 'usage-refused.json'], 'both left where they were');
  });
}
