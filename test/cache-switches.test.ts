import t from 'tap';
import { CACHE_NAMES, cachesOff } from '../src/application/caching/cache-switches.js';
import { StartupError } from '../src/application/errors/startup-error.js';
import { composeService } from '../src/container.js';
import { testDatabase } from './fixtures/postgres/test-database.js';
import { startService } from './fixtures/service.js';

/** Requests that pass every cache, each asked twice so that the second meets what the first left. */
const REQUESTS: [string, string][] = [
  ['/doggies/1/', 'application/json; version=2.1.0'],
  ['/doggies/1/', 'application/json; version=5.0.0'],
  ['/doggies/?limit=5', 'application/json; version=2.1.0'],
  ['/doggies/?limit=5&starting_after=5', 'application/json; version=3.0.0'],
  ['/doggies/?limit=5&ending_before=3', 'application/json; version=2.0.0'],
  ['/cats/?limit=3', 'application/json; version=1.0.0'],
  ['/doggies/1/', 'application/json; version=9.9.9'],
  ['/doggies/1/', 'application/json; version=1.0.0'],
];

async function answers(url: string): Promise<string[]> {
  const seen: string[] = [];
  for (let round = 0; round < 2; round += 1) {
    for (const [path, accept] of REQUESTS) {
      const response = await fetch(`${url}${path}`, { headers: { accept } });
      const { date: _date, ...headers } = Object.fromEntries(response.headers);
      seen.push(`${path} ${accept}: ${response.status} ${JSON.stringify(headers)} ${await response.text()}`);
    }
  }
  return seen;
}

t.test('the switches: each cache by name; an unknown name is refused, naming the caches', async (t) => {
  t.same(cachesOff([]), { rows: true, representations: true, pages: true, json: true, accept: true }, 'all on');
  t.same(cachesOff(['pages', 'json']), { rows: true, representations: true, pages: false, json: false, accept: true }, 'two off');
  t.throws(() => cachesOff(['page']), /"page" is not a cache; the caches are rows, representations, pages, json, accept/);
  await t.rejects(
    composeService({ BENCH_CACHES_OFF: 'rows,nope' }, { stdout: () => undefined, stderr: () => undefined }),
    new StartupError('bad setting: BENCH_CACHES_OFF: "nope" is not a cache; the caches are rows, representations, pages, json, accept'),
  );
});

t.test('in memory: the same answers, byte for byte, with each cache off and with all of them off', async (t) => {
  const expected = await answers((await startService(t, { ACCESS_LOG: 'off' })).url);
  for (const off of [...CACHE_NAMES, CACHE_NAMES.join(',')]) {
    const service = await startService(t, { ACCESS_LOG: 'off', BENCH_CACHES_OFF: off });
    t.same(await answers(service.url), expected, `BENCH_CACHES_OFF=${off}`);
    await service.stop();
  }
});

t.test('on PostgreSQL: the same answers with each cache off', async (t) => {
  const url = await testDatabase(t);
  if (url === undefined) return;
  const env = { ACCESS_LOG: 'off', STORAGE: 'postgres', DATABASE_URL: url };
  const first = await startService(t, env);
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  t.teardown(() => pool.end());
  await pool.query("INSERT INTO dogs SELECT g, 'Dog ' || g, '2014-05-06' FROM generate_series(1, 20) g");
  await pool.query("INSERT INTO cats SELECT g, 'Cat ' || g FROM generate_series(1, 6) g");
  const expected = await answers(first.url);
  for (const off of [...CACHE_NAMES, CACHE_NAMES.join(',')]) {
    const service = await startService(t, { ...env, BENCH_CACHES_OFF: off });
    t.same(await answers(service.url), expected, `BENCH_CACHES_OFF=${off}`);
    await service.stop();
  }
});
