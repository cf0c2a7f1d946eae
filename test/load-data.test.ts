import { join } from 'node:path';
import pg from 'pg';
import t, { type Test } from 'tap';
import { loadDataCommand } from '../src/load-data-command.js';
import { REFERENCE_API } from '../src/reference-api.js';
import { testDatabase } from './fixtures/postgres/test-database.js';
import { runBuiltProgram, type Run } from './fixtures/built-program.js';

/** What the program does, in this process: the command for the reference with these settings alone as its environment; its exit code and output. */
async function loadData(args: readonly string[], settings: Record<string, string>): Promise<Run> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const code = await loadDataCommand(
    args,
    settings,
    { stdout: (line) => stdout.push(`${line}\n`), stderr: (line) => stderr.push(`${line}\n`) },
    REFERENCE_API,
  );
  return { code, stdout: stdout.join(''), stderr: stderr.join('') };
}

t.test('the program: `npm run load-data` runs the command and exits with its code', async (t) => {
  const help = await runBuiltProgram('load-data', ['--help'], {});
  t.equal(help.code, 0, '--help: exit code 0');
  t.match(help.stdout, /^usage: STORAGE=postgres DATABASE_URL=.* npm run load-data -- FILE \| --sample\n/, '--help: the usage on stdout');
  const memory = await runBuiltProgram('load-data', ['data.json'], {});
  t.equal(memory.code, 1, 'STORAGE=memory: exit code 1');
  t.match(memory.stderr, /^Nothing loaded: load-data writes into a database/, 'the refusal on stderr');
});

t.test('load-data refuses to run without a database to load into, or without exactly one file', async (t) => {
  const memory = await loadData(['data.json'], {});
  t.equal(memory.code, 1, 'STORAGE=memory: exit code 1');
  t.match(memory.stderr, /^Nothing loaded: load-data writes into a database: set STORAGE=postgres and DATABASE_URL/, 'it says what to set');
  const database = { STORAGE: 'postgres', DATABASE_URL: 'postgres://127.0.0.1:1/x' };
  // [args, what, the problem named]: a command line it cannot read exits 2, as POSIX utilities do.
  const cases: [string[], string, string][] = [
    [[], 'no file', 'no FILE'],
    [['a.json', 'b.json'], 'two files', 'unexpected "b.json"'],
    [['--smaple'], 'an unknown option', 'unknown option "--smaple"'],
    [['--sample', 'a.json'], 'the sample and a file', 'unexpected "a.json"'],
  ];
  for (const [args, what, problem] of cases) {
    const run = await loadData(args, database);
    t.equal(run.code, 2, `${what}: exit code 2`);
    t.equal(
      run.stderr,
      `Nothing loaded: ${problem}; usage: npm run load-data -- FILE | --sample, FILE one JSON file of a list per collection, {"dogs": [...], "cats": [...]} (--help says more)\n`,
      `${what}: said, with the usage`,
    );
  }
});

t.test('--help prints the usage, the settings and their defaults, and exits 0', async (t) => {
  for (const flag of ['--help', '-h']) {
    const run = await loadData([flag], {});
    t.equal(run.code, 0, `${flag}: exit code 0`);
    t.equal(run.stderr, '', `${flag}: nothing on stderr`);
    t.match(run.stdout, /^usage: STORAGE=postgres DATABASE_URL=.* npm run load-data -- FILE \| --sample\n/, `${flag}: the usage first`);
    t.match(run.stdout, /DATABASE_CONNECT_TIMEOUT_MS +how long to retry an unreachable database \(default 30000\)/, `${flag}: a setting's default`);
  }
  const option = await loadData(['--verbose'], { STORAGE: 'postgres', DATABASE_URL: 'postgres://127.0.0.1:1/x' });
  t.match(option.stderr, /^Nothing loaded: unknown option "--verbose"; usage: .*--help says more/, 'an unknown option is not taken for a file');
});

t.test('without a reachable database: the file is checked before connecting, and an unreachable one is named', async (t) => {
  const dir = t.testdir({ 'broken.json': '{"dogs": [\n  {"id": 1, "name": "Biko"}\n  {"id": 2}\n]}', 'fine.json': '{"dogs": []}' });
  const settings = { STORAGE: 'postgres', DATABASE_URL: 'postgres://api:secret@127.0.0.1:1/x', DATABASE_CONNECT_TIMEOUT_MS: '0' };
  const broken = await loadData([join(dir, 'broken.json')], settings);
  t.equal(broken.code, 1, 'a syntax error: exit code 1');
  t.match(
    broken.stderr,
    /^Nothing loaded: ".*broken\.json": is not valid JSON: line 3, column 3: unexpected "\{"\n$/,
    'one line, with line and column',
  );
  const fine = await loadData([join(dir, 'fine.json')], settings);
  t.equal(fine.code, 1, 'nothing listens: exit code 1');
  t.match(
    fine.stderr,
    /^Nothing loaded: the database at DATABASE_URL postgres:\/\/api:\*\*\*@127\.0\.0\.1:1\/x cannot be reached .*nothing accepts connections at 127\.0\.0\.1:1/m,
    'the database is named, without its password',
  );
  const sample = await loadData(['--sample'], settings);
  t.equal(sample.code, 1, 'the sample, nothing listening: exit code 1');
  t.match(sample.stderr, /^Nothing loaded: the database at DATABASE_URL .* cannot be reached/m, 'the sample is read, then the database named');
});

async function rows(t: Test, url: string): Promise<{ dogs: unknown[]; cats: unknown[] }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  t.teardown(() => client.end());
  const dogs = await client.query("SELECT id::int, name, to_char(birthday, 'YYYY-MM-DD') AS birthday FROM version_aware_api.dogs ORDER BY id");
  const cats = await client.query('SELECT id::int, name FROM version_aware_api.cats ORDER BY id');
  return { dogs: dogs.rows, cats: cats.rows };
}

t.test('into a database', async (t) => {
  const url = await testDatabase(t);
  if (url === undefined) return;
  const env = { STORAGE: 'postgres', DATABASE_URL: url, TODAY: '2026-11-22' };

  t.test('a valid file is loaded whole; loading again replaces records by id and keeps the others', async (t) => {
    const dir = t.testdir({
      'first.json': JSON.stringify({
        dogs: [
          { id: 1, name: 'Biko', birthday: '2014-05-06' },
          { id: 2, name: 'Pup' },
        ],
        cats: [{ id: 1, name: 'Tom' }],
      }),
      'second.json': JSON.stringify({
        dogs: [
          { id: 2, name: 'Rex', birthday: '2020-01-01' },
          { id: 3, name: 'Ada', birthday: '2016-02-29' },
        ],
      }),
    });
    const first = await loadData([join(dir, 'first.json')], env);
    t.equal(first.code, 0, 'exit code 0', first);
    t.match(first.stdout, /^Loaded 2 dogs and 1 cat into postgres:\/\//, 'it says what it loaded, in the plural only for more than one');
    t.same(
      await rows(t, url),
      {
        dogs: [
          { id: 1, name: 'Biko', birthday: '2014-05-06' },
          { id: 2, name: 'Pup', birthday: '2026-11-22' },
        ],
        cats: [{ id: 1, name: 'Tom' }],
      },
      'every record, a missing birthday stored as today',
    );
    const { TODAY: _fixed, ...withoutToday } = env;
    const second = await loadData([join(dir, 'second.json')], withoutToday);
    t.equal(second.code, 0, 'the second load: exit code 0', second);
    t.match(second.stdout, /^Loaded 2 dogs and 0 cats into/, 'none is plural too');
    t.same(
      (await rows(t, url)).dogs,
      [
        { id: 1, name: 'Biko', birthday: '2014-05-06' },
        { id: 2, name: 'Rex', birthday: '2020-01-01' },
        { id: 3, name: 'Ada', birthday: '2016-02-29' },
      ],
      'dog 2 replaced, dog 3 added, dog 1 kept',
    );
  });

  t.test('a file with bad records writes nothing and names each, as DATA_FILE would', async (t) => {
    const before = await rows(t, url);
    const dir = t.testdir({
      'bad.json': JSON.stringify({
        dogs: [
          { id: 7, name: 'Fine' },
          { id: 8, name: 'Also fine' },
          { id: 9, name: 'x'.repeat(51) },
        ],
        cats: [{ id: 5, name: 'Kit' }, { id: 5 }],
      }),
    });
    const run = await loadData([join(dir, 'bad.json')], env);
    t.equal(run.code, 1, 'exit code 1');
    t.match(
      run.stderr,
      /^Nothing loaded: ".*bad\.json": dogs\[2\] \(id 9\): name: must be 1 to 50 characters, got 51; cats\[1\] \(id 5\): name: [^\n]*\n$/,
      'each failing record is named, in one run',
    );
    t.same(await rows(t, url), before, 'nothing was written');
  });
});
