import t, { type Test } from 'tap';
import { createPool } from '../src/adapters/persistence/postgres/postgres-pool.js';
import { writeRecords } from '../src/adapters/persistence/postgres/postgres-bulk-load.js';
import { migrateSchema } from '../src/adapters/persistence/postgres/postgres-schema.js';
import { recordTableOf } from '../src/adapters/persistence/postgres/record-table.js';
import { defineApi, defineCollection, type ModelSettings } from '../src/api-definition.js';
import { recordFields, recordId, recordName } from '../src/domain/records/record-fields.js';
import { InvalidRecordError } from '../src/domain/records/invalid-record-error.js';
import { AddField } from '../src/domain/versioning/add-field.js';
import { closedObject } from '../src/domain/versioning/json-schema.js';
import { RenameField } from '../src/domain/versioning/rename-field.js';
import { recordType } from '../src/domain/versioning/record-type.js';
import { defineVersion, recordChange } from '../src/domain/versioning/version-declaration.js';
import { startService } from './fixtures/service.js';
import { REFERENCE_API } from '../src/reference-api.js';
import { buildReferenceModel } from '../src/domain/api-history/reference-history.js';
import { testDatabase } from './fixtures/postgres/test-database.js';
import { DOG } from '../src/domain/api-history/heads/dog-collection.js';
import { parseDog } from '../src/domain/dogs/dog.js';
import { CalendarDate } from '../src/domain/records/calendar-date.js';
import { Version } from '../src/domain/versioning/version.js';
import type { VersionModel } from '../src/domain/versioning/version-model.js';

// An API that is not the dogs and cats, composed from its definition alone: a collection, three versions.
interface Book {
  readonly id: number;
  readonly title: string;
  readonly pages: number;
}

function parseBook(input: unknown): Book {
  const fields = recordFields(input, ['id', 'title', 'pages']);
  const { pages } = fields;
  if (typeof pages !== 'number' || !Number.isSafeInteger(pages) || pages < 1) throw new InvalidRecordError('pages', 'must be a whole number from 1');
  return Object.freeze({ id: recordId(fields.id), title: recordName(fields.title), pages });
}

const BOOK = recordType<Book>('Book');
const BOOKS = defineCollection({
  name: 'books',
  head: {
    key: BOOK,
    represent: (book: Book) => ({ id: book.id, title: book.title, pages: book.pages }),
    schema: closedObject({
      id: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
      title: { type: 'string', minLength: 1, maxLength: 50 },
      pages: { type: 'integer', minimum: 1 },
    }),
    example: { id: 1, title: 'Dune', pages: 412 },
  },
  viewSet: 'BookViewSet',
  parse: parseBook,
  path: '/books/',
  tag: 'Books',
  routes: { list: { operationId: 'listBooks', summary: 'A page of books' }, retrieve: { operationId: 'retrieveBook', summary: 'One book' } },
});

const VERSIONS = [
  defineVersion('3.0.0', {
    notes: ['Added Book.pages'],
    records: () => [recordChange(BOOK, new AddField<Book>({ fieldName: 'pages', schema: { type: 'integer', minimum: 1 } }))],
  }),
  defineVersion('2.0.0', {
    notes: ['Renamed Book.name to title'],
    records: () => [recordChange(BOOK, new RenameField<Book>({ from: 'name', to: 'title' }))],
  }),
  defineVersion('1.0.0', { notes: ['First release'] }),
];

const LIBRARY = defineApi({
  collections: [BOOKS],
  versions: VERSIONS,
  sample: {
    books: [
      { id: 1, title: 'Dune', pages: 412 },
      { id: 2, title: 'Emma', pages: 474 },
    ],
  },
});

const at = (version: string) => ({ accept: `application/json; version=${version}` });

async function servesTheLibrary(t: Test, url: string): Promise<void> {
  const read = async (path: string, version: string) => (await fetch(`${url}${path}`, { headers: at(version) })).json();
  t.same(await read('/books/1/', '1.0.0'), { id: 1, name: 'Dune' }, '1.0.0: named, no pages');
  t.same(await read('/books/1/', '2.0.0'), { id: 1, title: 'Dune' }, '2.0.0: titled');
  t.same(await read('/books/1/', '3.0.0'), { id: 1, title: 'Dune', pages: 412 }, '3.0.0: the newest shape');
  const page = await fetch(`${url}/books/?limit=1`, { headers: at('1.0.0') });
  t.same([await page.json(), page.headers.get('x-total-count')], [[{ id: 1, name: 'Dune' }], '2'], 'a page, its total');
  t.match(page.headers.get('link'), /<\/books\/\?limit=1&starting_after=1>; rel="next"/, 'its next link');
  const changelog = (await read('/version/', '3.0.0')) as { version: string; notes: string[] }[];
  t.same(
    changelog.map(({ version, notes }) => [version, notes[0]]),
    [
      ['3.0.0', 'Added Book.pages'],
      ['2.0.0', 'Renamed Book.name to title'],
      ['1.0.0', 'First release'],
    ],
    'its changelog',
  );
  const document = (await read('/openapi.json', '1.0.0')) as {
    paths: Record<string, unknown>;
    components: { schemas: Record<string, { properties: object }> };
  };
  t.same(
    Object.keys(document.paths).filter((path) => path.startsWith('/books')),
    ['/books/', '/books/{id}/'],
    "1.0.0's document: the books' paths",
  );
  t.same(Object.keys(document.components.schemas['Book']?.properties ?? {}), ['id', 'name'], "and the book's 1.0.0 schema");
  t.equal((await fetch(`${url}/doggies/1/`)).status, 404, 'no dogs in this API');
}

t.test('another API, in memory: composed from its definition, served at each of its versions', async (t) => {
  const service = await startService(t, { ACCESS_LOG: 'off' }, {}, LIBRARY);
  t.equal(service.storage, 'memory (books: 2) from the bundled sample data');
  await servesTheLibrary(t, service.url);
});

t.test('with no sample declared, nothing is served until data is given, and the start says so', async (t) => {
  const service = await startService(t, { ACCESS_LOG: 'off' }, {}, defineApi({ collections: [BOOKS], versions: VERSIONS }));
  t.equal(service.storage, 'memory (books: 0): no sample data declared (DATA_FILE loads records)');
  t.match(service.stderr.join('\n'), /the storage holds no records/);
  t.same(await (await fetch(`${service.url}/books/`)).json(), []);
});

t.test('the reference API is defined the same way: its model is the reference history, in both AGE_REMOVAL modes', async (t) => {
  const today = CalendarDate.parse('2026-11-22') as CalendarDate;
  const biko = parseDog({ id: 1, name: 'Biko', birthday: '2014-05-06' }, today);
  const ageAt3 = (model: VersionModel): unknown => (model.represent(DOG, biko, { version: Version.parse('3.0.0'), today }) as { age: unknown }).age;
  const cases: [ModelSettings['apiSettings'], 'computed' | 'placeholder', string][] = [
    [{ AGE_REMOVAL: 'computed' }, 'computed', 'AGE_REMOVAL=computed'],
    [{ AGE_REMOVAL: 'placeholder' }, 'placeholder', 'AGE_REMOVAL=placeholder'],
    [undefined, 'computed', 'AGE_REMOVAL not given: its default'],
  ];
  for (const [apiSettings, ageRemoval, what] of cases) {
    const model = REFERENCE_API.model({ defaultVersion: 'latest', removedIn: 'inclusive', ...(apiSettings === undefined ? {} : { apiSettings }) });
    const reference = buildReferenceModel({ ageRemoval });
    t.same([model.changelog, ageAt3(model)], [reference.changelog, ageAt3(reference)], `${what}: the ${ageRemoval} history`);
  }
});

t.test("another API's settings are checked against its own versions", async (t) => {
  await t.rejects(startService(t, { DEFAULT_VERSION: '5.0.0' }, {}, LIBRARY), { message: /DEFAULT_VERSION.*3\.0\.0, 2\.0\.0, 1\.0\.0/ });
});

t.test('another API, on PostgreSQL: its table made from its schema', async (t) => {
  const url = await testDatabase(t);
  if (url === undefined) return;
  const pool = createPool({ url, size: 1, onIdleError: () => undefined });
  t.teardown(() => pool.end());
  const books = recordTableOf(BOOKS);
  await migrateSchema(pool, [books]);
  await writeRecords(pool, { books: [parseBook({ id: 1, title: 'Dune', pages: 412 }), parseBook({ id: 2, title: 'Emma', pages: 474 })] }, [books]);
  const service = await startService(t, { ACCESS_LOG: 'off', STORAGE: 'postgres', DATABASE_URL: url, DATABASE_POOL_SIZE: '2' }, {}, LIBRARY);
  t.match(service.storage, /^postgres: .* \(books: 2\)$/);
  await servesTheLibrary(t, service.url);
  const { rows } = await pool.query<{ table_name: string }>(
    "SELECT table_name FROM information_schema.tables WHERE table_name IN ('books', 'dogs', 'cats')",
  );
  t.same(
    rows.map(({ table_name: name }) => name),
    ['books'],
    'only its own table, no dogs or cats',
  );
});

t.test('a collection without its routes, or with a malformed one, refuses the start naming it', async (t) => {
  const { routes: _routes, path: _path, tag: _tag, ...bare } = BOOKS;
  t.throws(
    () => defineApi({ collections: [bare as unknown as typeof BOOKS], versions: VERSIONS }),
    {
      name: 'StartupError',
      message:
        'collection "books": its path undefined is not a list\'s path, such as "/books/"; it has no tag; routes.list is not { operationId, summary }; routes.retrieve is not { operationId, summary }',
    },
    'a collection of the domain alone: no path, no tag, no routes',
  );
  t.throws(() => defineCollection({ ...BOOKS, path: '/books', routes: { ...BOOKS.routes, create: { operationId: '', summary: 'A new book' } } }), {
    message: 'collection "books": its path "/books" is not a list\'s path, such as "/books/"; routes.create is not { operationId, summary }',
  });
  t.throws(
    () =>
      defineCollection({
        ...BOOKS,
        tag: '',
        routes: { ...BOOKS.routes, create: 'createBook' as never, update: { operationId: 'updateBook' } as never },
      }),
    { message: 'collection "books": it has no tag; routes.create is not { operationId, summary }; routes.update is not { operationId, summary }' },
  );
  t.equal(defineCollection({ ...BOOKS, path: '/shelf/books/' }).path, '/shelf/books/', 'a path of several segments');
  const { head: _head, ...headless } = BOOKS;
  t.throws(() => defineCollection(headless as unknown as typeof BOOKS), {
    message: 'collection "books": it has no head { key, represent, schema, example }',
  });
});
