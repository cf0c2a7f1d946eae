import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { SETTING_NAMES } from '../src/adapters/config/setting-schema.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * A team's own API, written as a team writes it: only the package's two entries, by the package's name (node resolves
 * `version-aware-api` to this package's `exports`, from dist/), its handler mounted in a node:http server of its own.
 */
const TEAMS_SERVER = `
import { createServer } from 'node:http';
import { composeApi, defineApi } from 'version-aware-api';
import { AddField, RenameField, closedObject, defineCollection, defineVersion, recordChange, recordFields, recordId, recordName, resourceKey, InvalidRecordError } from 'version-aware-api/versioning';

const BOOK = resourceKey('Book');
const parseBook = (input) => {
  const fields = recordFields(input, ['id', 'title', 'pages']);
  if (!Number.isSafeInteger(fields.pages) || fields.pages < 1) throw new InvalidRecordError('pages', 'must be a whole number from 1');
  return Object.freeze({ id: recordId(fields.id), title: recordName(fields.title), pages: fields.pages });
};
const BOOKS = defineCollection({
  name: 'books',
  head: {
    key: BOOK,
    represent: (book) => ({ id: book.id, title: book.title, pages: book.pages }),
    schema: closedObject({ id: { type: 'integer', minimum: 1 }, title: { type: 'string' }, pages: { type: 'integer', minimum: 1 } }),
    example: { id: 1, title: 'Dune', pages: 412 },
  },
  viewSet: 'BookViewSet',
  parse: parseBook,
  path: '/books/',
  tag: 'Books',
  routes: { list: { operationId: 'listBooks', summary: 'A page of books' }, retrieve: { operationId: 'retrieveBook', summary: 'One book' } },
});
const api = defineApi({
  collections: [BOOKS],
  versions: [
    defineVersion('3.0.0', { notes: ['Added Book.pages'], records: () => [recordChange(BOOK, new AddField({ fieldName: 'pages', schema: { type: 'integer', minimum: 1 } }))] }),
    defineVersion('2.0.0', { notes: ['Renamed Book.name to title'], records: () => [recordChange(BOOK, new RenameField({ from: 'name', to: 'title' }))] }),
    defineVersion('1.0.0', { notes: ['First release'] }),
  ],
  sample: { books: [{ id: 1, title: 'Dune', pages: 412 }] },
});
const service = await composeApi(api, process.env, { stdout: () => {}, stderr: (line) => process.stderr.write(line + '\\n') });
const server = createServer(service.handle);
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = 'http://127.0.0.1:' + server.address().port;
const read = async (path, version) => (await fetch(base + path, { headers: { accept: 'application/json; version=' + version } })).json();
const seen = {
  old: await read('/books/1/', '1.0.0'),
  newest: await read('/books/1/', '3.0.0'),
  changelog: (await read('/version/', '3.0.0')).map((entry) => entry.version),
  openapi: (await read('/openapi.json', '2.0.0')).info.version,
};
server.close();
await service.stop();
process.stdout.write(JSON.stringify(seen));
`;

t.test("a team's API, from the package's exports alone, mounted in its own server", async (t) => {
  const spool = await mkdtemp(join(tmpdir(), 'vaa-public-'));
  t.teardown(() => rm(spool, { recursive: true, force: true }));
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of SETTING_NAMES) delete env[name];
  delete env['NODE_OPTIONS'];
  const child = spawn(process.execPath, ['--input-type=module', '-e', TEAMS_SERVER], {
    cwd: ROOT,
    env: { ...env, TODAY: '2026-11-22', ACCESS_LOG: 'off', USAGE_SPOOL_DIR: spool },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise((resolve) => child.on('close', resolve));
  t.equal(code, 0, stderr);
  t.same(JSON.parse(stdout), {
    old: { id: 1, name: 'Dune' },
    newest: { id: 1, title: 'Dune', pages: 412 },
    changelog: ['3.0.0', '2.0.0', '1.0.0'],
    openapi: '2.0.0',
  });
});
