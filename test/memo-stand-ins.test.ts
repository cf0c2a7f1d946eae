import { REFERENCE_API } from '../src/reference-api.js';
import t from 'tap';
import { Container } from 'inversify';
import { MEMOS, memoNames, withoutMemos, type MemoName } from '../bench/harness/forgetful-parts.js';
import { FixedClock } from '../src/adapters/clock/fixed-clock.js';
import { DEFAULT_SERVER_LIMITS } from '../src/adapters/config/settings.js';
import { InMemoryClientRepository } from '../src/adapters/persistence/memory/in-memory-client-repository.js';
import { postgresPersistenceModule } from '../src/adapters/persistence/postgres/connect-postgres.js';
import { CacheSizes, DEFAULT_CACHE_SIZES } from '../src/adapters/caching/cache-sizes.js';
import { UsageCounter } from '../src/application/clients/usage-counter.js';
import { applicationModule, httpModule } from '../src/container.js';
import { buildReferenceModel } from '../src/domain/api-history/reference-history.js';
import { date } from './fixtures/test-clock.js';
import { testDatabase } from './fixtures/postgres/test-database.js';
import { startService } from './fixtures/service.js';
import { REFERENCE_TABLES } from './fixtures/postgres/reference-tables.js';

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

t.test('the memos by name; an unknown name is refused, naming the memos', async (t) => {
  t.same(memoNames(''), [], 'none');
  t.same(memoNames('pages,accept'), ['pages', 'accept'], 'two');
  t.throws(() => memoNames('rows,page'), /"page" is not a memo; the memos are rows, answers, pages, operations, accept, usage/);
});

t.test('in memory: the same answers, byte for byte, with each cache off and with all of them off', async (t) => {
  const expected = await answers((await startService(t, { ACCESS_LOG: 'off' })).url);
  for (const without of [...MEMOS.map((memo) => [memo]), MEMOS]) {
    const service = await startService(t, { ACCESS_LOG: 'off' }, { modules: [withoutMemos(without)] });
    t.same(await answers(service.url), expected, `without ${without.join(', ')}`);
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
  await pool.query("INSERT INTO version_aware_api.dogs SELECT g, 'Dog ' || g, '2014-05-06' FROM generate_series(1, 20) g");
  await pool.query("INSERT INTO version_aware_api.cats SELECT g, 'Cat ' || g FROM generate_series(1, 6) g");
  const expected = await answers(first.url);
  for (const without of [...MEMOS.map((memo) => [memo]), MEMOS]) {
    const service = await startService(t, env, { modules: [withoutMemos(without)] });
    t.same(await answers(service.url), expected, `without ${without.join(', ')}`);
    await service.stop();
  }
});

t.test('each stand-in takes the place of its memo in the composition; unnamed ones stay', async (t) => {
  const model = buildReferenceModel();
  const clock = new FixedClock(date('2026-11-22'));
  const { default: pg } = await import('pg');
  const pool = new pg.Pool(); // never connected: the repositories only hold it
  t.teardown(() => pool.end());
  const composed = (names: readonly MemoName[]) => {
    const container = new Container();
    container.load(
      applicationModule(model, clock, REFERENCE_API),
      postgresPersistenceModule(pool, clock, new InMemoryClientRepository(), REFERENCE_TABLES),
      httpModule({ access: undefined, errors: () => {} }, DEFAULT_SERVER_LIMITS, undefined, REFERENCE_API),
      withoutMemos(names),
    );
    return container;
  };
  t.same({ ...composed([]).get(CacheSizes) }, { ...DEFAULT_CACHE_SIZES }, 'none named: the sizes the service runs with');
  t.same(
    { ...composed(MEMOS).get(CacheSizes) },
    { answers: 0, pages: 0, acceptHeaders: 0, rows: 0, operationAnswers: 0 },
    'all named: every cache off',
  );
  for (const [names, counted] of [
    [[], 1],
    [['usage'], 0],
  ] as const) {
    const usage = composed(names).get(UsageCounter);
    usage.count('2026-11-22', 'GET /doggies/', '5.0.0', 'a-client');
    t.equal(usage.pending().length, counted, names.length === 0 ? 'usage counted' : 'usage named: nothing counted');
  }
  t.same({ ...composed(['pages']).get(CacheSizes) }, { ...DEFAULT_CACHE_SIZES, pages: 0 }, 'one named, the others stay');
});
