import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import t, { type Test } from 'tap';
import { SETTING_NAMES } from '../src/adapters/config/setting-schema.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const GUIDE = readFileSync(join(ROOT, 'docs', 'your-own-api.md'), 'utf8');
/** The guide's programs, in order: its `js` blocks. */
const PROGRAMS = [...GUIDE.matchAll(/```js\n([\s\S]*?)```/g)].map((match) => match[1] as string);

interface Served {
  readonly url: string;
  readonly get: (path: string, version?: string) => Promise<string>;
}

/**
 * Runs one of the guide's programs as `node server.mjs` would in a project that installed the package (node resolves
 * `version-aware-api` to this package's exports from dist/), on a free port, until `check` is done; then SIGTERM, and
 * the program must drain and exit 0.
 */
async function serve(t: Test, program: string, check: (served: Served) => Promise<void>): Promise<void> {
  const spool = await mkdtemp(join(tmpdir(), 'vaa-guide-'));
  t.teardown(() => rm(spool, { recursive: true, force: true }));
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of SETTING_NAMES) delete env[name];
  delete env['NODE_OPTIONS'];
  const child = spawn(process.execPath, ['--input-type=module', '-e', program], {
    cwd: ROOT,
    env: { ...env, PORT: '0', TODAY: '2026-11-22', ACCESS_LOG: 'off', USAGE_SPOOL_DIR: spool },
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  const url = await new Promise<string | undefined>((resolve) => {
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const listening = stdout.split('\n').find((line) => line.includes('"listening"'));
      if (listening !== undefined) resolve(String((JSON.parse(listening) as { url: string }).url));
    });
    void exited.then(() => resolve(undefined));
  });
  t.ok(url, `the program listens (stderr: ${stderr})`);
  if (url !== undefined) {
    await check({
      url,
      get: async (path, version) =>
        (await fetch(`${url}${path}`, version === undefined ? {} : { headers: { accept: `application/json; version=${version}` } })).text(),
    });
  }
  child.kill('SIGTERM');
  t.equal(await exited, url === undefined ? 1 : 0, 'and drains and exits 0 on SIGTERM');
}

t.test('the guide has its two programs', async (t) => {
  t.equal(PROGRAMS.length, 2);
});

t.test('the first release, as the guide says it answers', async (t) => {
  await serve(t, PROGRAMS[0] as string, async ({ get }) => {
    t.equal(await get('/books/1/'), '{"id":1,"name":"Dune"}');
    const changelog = JSON.parse(await get('/version/')) as { version: string; notes: string[] }[];
    t.same(
      changelog.map(({ version, notes }) => [version, notes]),
      [['1.0.0', ['First release']]],
    );
    const document = JSON.parse(await get('/openapi.json')) as { info: { version: string }; paths: object };
    t.same([document.info.version, Object.keys(document.paths).filter((path) => path.startsWith('/books'))], ['1.0.0', ['/books/', '/books/{id}/']]);
    t.match(await get('/docs/'), /<html/, 'its docs page');
  });
});

t.test('the second version: the field renamed, clients of the first still served the first', async (t) => {
  await serve(t, PROGRAMS[1] as string, async ({ get }) => {
    t.equal(await get('/books/1/'), '{"id":1,"title":"Dune"}', 'the latest by default');
    t.equal(await get('/books/1/', '1.0.0'), '{"id":1,"name":"Dune"}', 'a client of the first release');
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
});
