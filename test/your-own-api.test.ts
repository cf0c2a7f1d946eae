import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import t, { type Test } from 'tap';
import { ROOT, serveProgram, type Served } from './fixtures/served-program.js';
import { API_CONTRACT_FILE_NAMES, apiContracts } from '../tools/released-contracts.js';
import { compareContracts, frozenContracts, problemLine, writeContracts } from '../tools/frozen-contracts.js';

const GUIDE = readFileSync(join(ROOT, 'docs', 'your-own-api.md'), 'utf8');
/**
 * The guide's programs, in order: its last three `js` blocks (the first release's api.mjs, server.mjs, the second's
 * api.mjs). Those before them are excerpts of examples/invoices, which test/examples/invoices.test.ts runs.
 */
const PROGRAMS = [...GUIDE.matchAll(/```js\n([\s\S]*?)```/g)].map((match) => match[1] as string).slice(-3);

// Inside the repository, so that `version-aware-api` resolves to it (a package's own name), as an install of it does.
await mkdir(join(ROOT, '.test-build'), { recursive: true });
const folder = await mkdtemp(join(ROOT, '.test-build', 'guide-'));
t.teardown(() => rm(folder, { recursive: true, force: true }));
const CONTRACTS = join(folder, 'contracts');

/** The API's files as the guide has them, in a folder of their own (node keeps a module once loaded: each release its own). */
async function project(release: string, api: string): Promise<string> {
  const dir = join(folder, release);
  await mkdir(dir);
  await writeFile(join(dir, 'api.mjs'), api);
  await writeFile(join(dir, 'server.mjs'), PROGRAMS[1] as string);
  return dir;
}

const serve = (t: Test, dir: string, check: (served: Served) => Promise<void>): Promise<void> =>
  serveProgram(t, [join(dir, 'server.mjs')], {}, check);

async function post(served: Served, body: unknown, version?: string): Promise<{ status: number; location: string | null; body: string }> {
  const response = await fetch(`${served.url}/books/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(version === undefined ? {} : { accept: `application/json; version=${version}` }) },
    body: JSON.stringify(body),
  });
  return { status: response.status, location: response.headers.get('location'), body: await response.text() };
}

t.test('the guide has its three programs', async (t) => {
  t.equal(PROGRAMS.length, 3);
});

t.test('the first release, as the guide says it answers; then frozen', async (t) => {
  const dir = await project('first', PROGRAMS[0] as string);
  await serve(t, dir, async (served) => {
    const { get } = served;
    t.equal(await get('/books/1/'), '{"id":1,"name":"Dune"}');
    const changelog = JSON.parse(await get('/version/')) as { version: string; notes: string[] }[];
    t.same(
      changelog.map(({ version, notes }) => [version, notes]),
      [['1.0.0', ['First release']]],
    );
    const document = JSON.parse(await get('/openapi.json')) as { info: { version: string; title: string }; paths: Record<string, object> };
    t.same(
      [document.info.version, document.info.title, Object.keys(document.paths).filter((path) => path.startsWith('/books'))],
      ['1.0.0', 'Library API', ['/books/', '/books/{id}/']],
    );
    t.same(Object.keys(document.paths['/books/'] ?? {}), ['get', 'post', 'options'], 'the create in the document');
    t.match(await get('/docs/'), /<html/, 'its docs page');
    t.same(await post(served, { name: 'Emma' }), { status: 201, location: '/books/2/', body: '{"id":2,"name":"Emma"}' }, 'the curl the guide shows');
  });
  const { written } = await writeContracts(CONTRACTS, await apiContracts(join(dir, 'api.mjs'), 'default'), API_CONTRACT_FILE_NAMES);
  t.same(
    written.map((path) => path.slice(CONTRACTS.length + 1)),
    ['1.0.0/openapi.json', '1.0.0/changelog.json'],
    'accept writes contracts/1.0.0/',
  );
});

t.test('the second version: the field renamed, clients of the first still served the first, reading and writing', async (t) => {
  const dir = await project('second', PROGRAMS[2] as string);
  await serve(t, dir, async (served) => {
    const { get } = served;
    t.equal(await get('/books/1/'), '{"id":1,"title":"Dune"}', 'the latest by default');
    t.equal(await get('/books/1/', '1.0.0'), '{"id":1,"name":"Dune"}', 'a client of the first release');
    t.same(
      await post(served, { name: 'Emma' }, '1.0.0'),
      { status: 201, location: '/books/2/', body: '{"id":2,"name":"Emma"}' },
      "its create, in 1.0.0's shape",
    );
    t.equal(await get('/books/2/'), '{"id":2,"title":"Emma"}', 'stored as the newest shape');
    const changelog = JSON.parse(await get('/version/')) as { version: string; notes: string[]; models?: string[] }[];
    t.same(
      changelog.map(({ version, notes }) => [version, notes[0]]),
      [
        ['2.0.0', 'Renamed Book.name to title'],
        ['1.0.0', 'First release'],
      ],
    );
    t.match(await get('/version/'), /Book\.name: renamed title, string/, 'the generated line the guide quotes');
    const old = JSON.parse(await get('/openapi.json', '1.0.0')) as { components: { schemas: { Book: { properties: object } } } };
    t.same(Object.keys(old.components.schemas.Book.properties), ['id', 'name'], "1.0.0's document still describes name");
  });
  const problems = compareContracts(await frozenContracts(CONTRACTS, API_CONTRACT_FILE_NAMES), await apiContracts(join(dir, 'api.mjs'), 'default'));
  t.same(
    problemLine(problems[0] as (typeof problems)[number]),
    '2.0.0 (all files) (whole file) not breaking: no frozen contract: run accept to freeze it',
  );
  t.same(
    [...new Set(problems.slice(1).map(({ version, keyword, breaking }) => `${version} ${keyword} ${breaking ? 'BREAKING' : 'not breaking'}`))],
    ['1.0.0 description not breaking'],
    'check: nothing of 1.0.0 breaks; its descriptions now name 2.0.0 where a path is served, as the guide says',
  );
});
