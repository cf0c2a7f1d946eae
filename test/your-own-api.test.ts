import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import t, { type Test } from 'tap';
import { ROOT, serveProgram, type Served } from './fixtures/served-program.js';

const GUIDE = readFileSync(join(ROOT, 'docs', 'your-own-api.md'), 'utf8');
/** The guide's programs, in order: its `js` blocks. */
const PROGRAMS = [...GUIDE.matchAll(/```js\n([\s\S]*?)```/g)].map((match) => match[1] as string);

const serve = (t: Test, program: string, check: (served: Served) => Promise<void>): Promise<void> =>
  serveProgram(t, ['--input-type=module', '-e', program], {}, check);

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
