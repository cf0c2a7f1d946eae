// Needs: /usr/bin/pg_dump, PostgreSQL
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import t, { type Test } from 'tap';
import { SERVICE_SETTING_NAMES } from '../../../fixtures/setting-names.js';
import { openPostgresClientStorage } from '../../../../src/adapters/persistence/postgres/postgres-client-storage.js';
import { clientsCommand } from '../../../../src/clients-command.js';
import { composeService, REFERENCE_API } from '../../../../src/reference-api.js';
import { StartupError } from '../../../../src/domain/errors/startup-error.js';
import { loadDataCommand } from '../../../../src/load-data-command.js';
import { databaseDump, layerConnections } from '../../../fixtures/postgres/database-dump.js';
import { administer, testDatabase } from '../../../fixtures/postgres/test-database.js';
import { scratchSpool } from '../../../fixtures/service.js';

// Issue 56, item 2: a start the database refuses changes nothing in it, says which table and what was expected, and
// lets go of every connection, so that the process can exit.

const ROOT = new URL('../../../../', import.meta.url);
/** How soon after its refusal a process must have exited by itself. */
const EXIT_WITHIN_MS = 2_000;
const SILENT = { stdout: () => {}, stderr: () => {} };
const FOREIGN_DOGS =
  /table public\.dogs has \(id integer, object jsonb, primary key \(id\)\) but the layer expects \(id bigint, name text, birthday date, primary key \(id\)\)/;

/** Waits until the layer holds no connection to the database (the server ends a backend a moment after its client left). */
async function connectionsLeft(url: string): Promise<number> {
  const until = Date.now() + EXIT_WITHIN_MS;
  let left = await layerConnections(url);
  while (left > 0 && Date.now() < until) {
    await delay(20);
    left = await layerConnections(url);
  }
  return left;
}

/** A database holding someone else's `dogs` in public, with a row. */
async function foreignDogs(t: Test): Promise<string | undefined> {
  const url = await testDatabase(t);
  if (url === undefined) return undefined;
  await administer(url, `CREATE TABLE public.dogs (id integer PRIMARY KEY, object jsonb); INSERT INTO public.dogs VALUES (1, '{"kept": true}')`);
  return url;
}

/** composeService in a process of its own, as a start is (dist/reference-api.js): its stderr, and how long it lived after saying it refused. */
async function startInAChild(settings: Record<string, string>): Promise<{ stderr: string; exitedAfterMs: number; code: number | null }> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of SERVICE_SETTING_NAMES) delete env[name];
  delete env['NODE_OPTIONS'];
  const script = `
    const { composeService } = await import('./dist/reference-api.js');
    const write = (stream) => (line) => stream.write(line + '\\n');
    try {
      await composeService(process.env, { stdout: write(process.stdout), stderr: write(process.stderr) });
      process.stderr.write('started\\n');
    } catch (error) {
      process.stderr.write('Refusing to start: ' + error.message + '\\n');
      process.exitCode = 1;
    }`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    cwd: ROOT,
    env: { ...env, ...settings },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const killer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  let stderr = '';
  let refusedAt: number | undefined;
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
    if (refusedAt === undefined && stderr.includes('Refusing to start')) refusedAt = Date.now();
  });
  child.stdout.resume();
  const [code] = (await once(child, 'exit')) as [number | null];
  clearTimeout(killer);
  return { stderr, exitedAfterMs: Date.now() - (refusedAt ?? Number.NaN), code };
}

t.test("someone else's dogs in public: the start refused, naming the table and the layer's shape, the database as it was", async (t) => {
  const url = await foreignDogs(t);
  if (url === undefined) return;
  const before = await databaseDump(url);
  const env = { STORAGE: 'postgres', DATABASE_URL: url, TODAY: '2026-11-22' };
  const error = await t.rejects(composeService(env, SILENT), StartupError);
  t.match(
    (error as Error).message,
    /^the database at DATABASE_URL postgres:\/\/.*:\*\*\*@.* holds tables the layer cannot take as its own, and was left as it was: /,
    'it says that nothing was changed',
  );
  t.match((error as Error).message, FOREIGN_DOGS, 'the table, what it has, what the layer expects');
  t.match((error as Error).message, /make the schema first \(CREATE SCHEMA version_aware_api\)/, 'and how to keep the table where it is');
  t.equal(await databaseDump(url), before, 'pg_dump: the same schema and rows as before the start');
  t.equal(await connectionsLeft(url), 0, 'no connection is left');

  const loadOutput = { stdout: [] as string[], stderr: [] as string[] };
  const loaded = await loadDataCommand(
    ['--sample'],
    env,
    {
      stdout: (line) => loadOutput.stdout.push(line),
      stderr: (line) => loadOutput.stderr.push(line),
    },
    REFERENCE_API,
  );
  t.equal(loaded, 1, 'load-data refuses the same database');
  t.match(loadOutput.stderr.join('\n'), FOREIGN_DOGS, 'naming the same table');
  const clientsErrors: string[] = [];
  const listed = await clientsCommand(
    ['list'],
    env,
    { stdout: () => {}, stderr: (line) => clientsErrors.push(line) },
    (settings, _access, collections) =>
      openPostgresClientStorage(
        {
          url: settings.databaseUrl as string,
          poolSize: 1,
          statementTimeoutMs: 5_000,
          connectTimeoutMs: 5_000,
          log: () => {},
        },
        collections,
      ),
    REFERENCE_API,
  );
  t.equal(listed, 1, 'so does the clients command');
  t.match(clientsErrors.join('\n'), FOREIGN_DOGS);
  t.equal(await databaseDump(url), before, 'pg_dump: still as it was');
  t.equal(await connectionsLeft(url), 0, 'and no connection is left');

  await administer(url, 'CREATE SCHEMA version_aware_api');
  const service = await composeService({ ...env, USAGE_SPOOL_DIR: await scratchSpool(t) }, SILENT);
  t.equal(service.storage.replace(/^.*\(/, '('), '(dogs: 0, cats: 0)', 'with the schema made by hand, the layer starts, in it');
  await service.stop();
  const after = await databaseDump(url);
  t.ok(after.includes('INSERT INTO public.dogs VALUES (1, \'{"kept": true}\');'), 'the other dogs kept their row');
  t.ok(after.includes('CREATE TABLE public.dogs (\n    id integer NOT NULL,\n    object jsonb\n);'), 'and their columns');
});

t.test("someone else's table inside the layer's schema: refused, named, the database as it was", async (t) => {
  const url = await testDatabase(t);
  if (url === undefined) return;
  const env = { STORAGE: 'postgres', DATABASE_URL: url, TODAY: '2026-11-22' };
  t.equal(await loadDataCommand(['--sample'], env, SILENT, REFERENCE_API), 0, 'a database of the layer');
  await administer(
    url,
    'DROP TABLE version_aware_api.cats; CREATE TABLE version_aware_api.cats (id bigint PRIMARY KEY, name text, colour text); ' +
      "INSERT INTO version_aware_api.cats VALUES (1, 'Tom', 'grey')",
  );
  const before = await databaseDump(url);
  const error = await t.rejects(composeService(env, SILENT), StartupError);
  t.match(
    (error as Error).message,
    /: table version_aware_api\.cats has \(id bigint, name text, colour text, primary key \(id\)\) but the layer expects \(id bigint, name text, primary key \(id\)\)$/,
    'the table, what it has, what the layer expects',
  );
  t.equal(await databaseDump(url), before, 'pg_dump: the same schema and rows as before the start');
  t.equal(await connectionsLeft(url), 0, 'no connection is left');
});

t.test('a refusal after the storage opened (a stored record the layer refuses, a spool it cannot read): every connection closed', async (t) => {
  const url = await testDatabase(t);
  if (url === undefined) return;
  const env = { STORAGE: 'postgres', DATABASE_URL: url, TODAY: '2026-11-22', USAGE_SPOOL_DIR: await scratchSpool(t) };
  t.equal(await loadDataCommand(['--sample'], env, SILENT, REFERENCE_API), 0);
  await administer(
    url,
    "ALTER TABLE version_aware_api.dogs DROP CONSTRAINT dogs_name_check; UPDATE version_aware_api.dogs SET name = '' WHERE id = 1",
  );
  await t.rejects(composeService(env, SILENT), /dogs.*\b1\b.*name/, 'the stored dog refused, named');
  t.equal(await connectionsLeft(url), 0, 'the pool and the listener closed');

  await administer(url, "UPDATE version_aware_api.dogs SET name = 'Biko' WHERE id = 1");
  const notAFolder = join(await scratchSpool(t), 'a-file');
  await writeFile(notAFolder, '');
  await t.rejects(composeService({ ...env, USAGE_SPOOL_DIR: notAFolder }, SILENT), /USAGE_SPOOL_DIR .* cannot be read/, 'the spool refused');
  t.equal(await connectionsLeft(url), 0, 'the pool and the listener closed');
});

t.test('a process whose start is refused exits by itself at once, having said why', async (t) => {
  const url = await foreignDogs(t);
  if (url === undefined) return;
  const unfit = await startInAChild({ STORAGE: 'postgres', DATABASE_URL: url, TODAY: '2026-11-22' });
  t.match(unfit.stderr, FOREIGN_DOGS, 'an unfit table: the message');
  t.equal(unfit.code, 1);
  t.ok(unfit.exitedAfterMs <= EXIT_WITHIN_MS, `exited ${unfit.exitedAfterMs} ms after it`);
  t.comment(`an unfit table: exited ${unfit.exitedAfterMs} ms after the refusal`);

  await administer(
    url,
    "ALTER TABLE public.dogs RENAME TO other_dogs; CREATE SCHEMA version_aware_api; CREATE TABLE version_aware_api.dogs (id bigint PRIMARY KEY, name text, birthday date); INSERT INTO version_aware_api.dogs VALUES (1, '', '2014-05-06')",
  );
  const later = await startInAChild({ STORAGE: 'postgres', DATABASE_URL: url, TODAY: '2026-11-22', USAGE_SPOOL_DIR: await scratchSpool(t) });
  t.match(later.stderr, /Refusing to start: .*dogs.*name/, 'a refusal after the storage opened: the message');
  t.ok(later.exitedAfterMs <= EXIT_WITHIN_MS, `exited ${later.exitedAfterMs} ms after it`);
  t.comment(`a refusal after the storage opened: exited ${later.exitedAfterMs} ms after the refusal`);
  t.equal(await connectionsLeft(url), 0, 'no connection is left');
});
