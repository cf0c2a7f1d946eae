// Needs: PostgreSQL
import t from 'tap';
import { runBuiltProgram } from './fixtures/built-program.js';
import { testDatabase } from './fixtures/postgres/test-database.js';
import { startService } from './fixtures/service.js';

// docs/storage.md's "From empty", on a database of its own: start, fill with the sample, start again, the README's curl.
t.test('PostgreSQL from empty: the start warns, load-data --sample fills it, the README example answers', async (t) => {
  const url = await testDatabase(t);
  if (url === undefined) return;
  const env = { STORAGE: 'postgres', DATABASE_URL: url };
  const redacted = url.replace(/:[^:@/]*@/, ':***@');

  const empty = await startService(t, env);
  t.equal(empty.storage, `postgres: ${redacted} (dogs: 0, cats: 0)`, 'a new database: its tables made, counted empty');
  t.match(
    empty.stderr.map((line) => JSON.parse(line) as unknown),
    [{ level: 'warn', message: /holds no records.*npm run load-data -- --sample/ }],
    'and a warning saying how to fill it',
  );
  t.same(await (await fetch(`${empty.url}/doggies/`)).json(), [], 'the list is empty');
  await empty.stop();

  const load = await runBuiltProgram('load-data', ['--sample'], env);
  t.equal(load.code, 0, 'npm run load-data -- --sample: exit code 0');
  t.match(load.stdout, /^Loaded 5 dogs and 3 cats into postgres:\/\//, 'it says what it loaded');

  const filled = await startService(t, env);
  t.equal(filled.storage, `postgres: ${redacted} (dogs: 5, cats: 3)`, 'started again: the counts');
  t.same(filled.stderr, [], 'no warning');
  const reply = await fetch(`${filled.url}/doggies/1/`, { headers: { accept: 'application/json; version=3.0.0' } });
  t.same(
    await reply.json(),
    { id: 1, name: 'Biko', birthday: '2014-05-06', age: { human_years: 12, dog_years: 84 } },
    "the README's curl: Biko at 3.0.0",
  );
});
