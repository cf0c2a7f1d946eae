import t from 'tap';
import { defineApi, defineCollection } from '../src/api-definition.js';
import type { ApiSettingDeclarations } from '../src/adapters/config/api-setting.js';
import { StartupError } from '../src/domain/errors/startup-error.js';
import { recordFields, recordId, recordName } from '../src/domain/records/record-fields.js';
import { closedObject } from '../src/domain/versioning/json-schema.js';
import { recordType } from '../src/domain/versioning/record-type.js';
import { RenameField } from '../src/domain/versioning/rename-field.js';
import { defineVersion, recordChange } from '../src/domain/versioning/version-declaration.js';
import { startService } from './fixtures/service.js';

// An API with a setting of its own: what 1.0.0 called a book's title (LEGACY_FIELD), read from the environment with the layer's.
interface Book {
  readonly id: number;
  readonly title: string;
}

const BOOK = recordType<Book>('Book');
const BOOKS = defineCollection({
  name: 'books',
  head: {
    key: BOOK,
    represent: (book: Book) => ({ id: book.id, title: book.title }),
    schema: closedObject({ id: { type: 'integer', minimum: 1 }, title: { type: 'string', minLength: 1, maxLength: 50 } }),
    example: { id: 1, title: 'Dune' },
  },
  viewSet: 'BookViewSet',
  parse: (input) => {
    const fields = recordFields(input, ['id', 'title']);
    return Object.freeze({ id: recordId(fields.id), title: recordName(fields.title) });
  },
  path: '/books/',
  tag: 'Books',
  routes: { list: { operationId: 'listBooks', summary: 'A page of books' }, retrieve: { operationId: 'retrieveBook', summary: 'One book' } },
});

const LIBRARY = defineApi({
  collections: [BOOKS],
  settings: { LEGACY_FIELD: { oneOf: ['name', 'label'], default: 'name' } },
  options: ({ LEGACY_FIELD }) => ({ legacyField: LEGACY_FIELD }),
  versions: [
    defineVersion<{ legacyField: string }>('2.0.0', {
      notes: ['Renamed the title'],
      records: ({ legacyField }) => [recordChange(BOOK, new RenameField<Book>({ from: legacyField, to: 'title' }))],
    }),
    defineVersion('1.0.0', { notes: ['First release'] }),
  ],
  sample: { books: [{ id: 1, title: 'Dune' }] },
});

/** defineApi of the library with these settings, as a JavaScript declaration may write them. */
const declaring = (settings: unknown) => () => defineApi({ collections: [BOOKS], versions: [], settings: settings as ApiSettingDeclarations });

t.test("an API's own setting reaches its options: its default when unset, the value the environment gives", async (t) => {
  for (const [env, shape, what] of [
    [{}, { id: 1, name: 'Dune' }, 'unset: its default'],
    [{ LEGACY_FIELD: 'label' }, { id: 1, label: 'Dune' }, 'LEGACY_FIELD=label'],
  ] as const) {
    const service = await startService(t, { ACCESS_LOG: 'off', ...env }, {}, LIBRARY);
    const served = await fetch(`${service.url}/books/1/`, { headers: { accept: 'application/json; version=1.0.0' } });
    t.same(await served.json(), shape, what);
  }
  t.same(Object.keys(LIBRARY.settings), ['LEGACY_FIELD'], 'the definition holds what it declares');
});

t.test("a bad value of an API's own setting refuses the start as a layer setting's does, naming it, the value and what is expected", async (t) => {
  await t.rejects(startService(t, { LEGACY_FIELD: 'Name' }, {}, LIBRARY), {
    constructor: StartupError,
    message: 'bad setting: LEGACY_FIELD="Name" is not valid: expected name or label',
  });
  await t.rejects(startService(t, { LEGACY_FIELD: 'x', WORKERS: '0' }, {}, LIBRARY), {
    message: /^bad settings: WORKERS="0" is not valid: [^;]+; LEGACY_FIELD="x" is not valid: expected name or label$/,
  });
});

t.test('a wrong declaration of a setting refuses the start, naming it', async (t) => {
  const cases: [unknown, string, string][] = [
    [{ PORT: { oneOf: ['a'], default: 'a' } }, "PORT is a setting of the layer: give the API's own another name", 'the name of a layer setting'],
    [
      { 'LEGACY-FIELD': { oneOf: ['a'], default: 'a' } },
      `"LEGACY-FIELD" is not an environment variable's name (letters, digits and _)`,
      'a name with a dash',
    ],
    [{ '': { oneOf: ['a'], default: 'a' } }, `"" is not an environment variable's name (letters, digits and _)`, 'an empty name'],
    [{ MODE: null }, 'MODE is not { oneOf: [words], default }, its default one of the words', 'null'],
    [{ MODE: 'fast' }, 'MODE is not { oneOf: [words], default }, its default one of the words', 'a word alone'],
    [{ MODE: { oneOf: 'fast', default: 'fast' } }, 'MODE is not { oneOf: [words], default }, its default one of the words', 'oneOf not a list'],
    [{ MODE: { oneOf: [], default: 'fast' } }, 'MODE is not { oneOf: [words], default }, its default one of the words', 'no words'],
    [{ MODE: { oneOf: ['fast', ''], default: 'fast' } }, 'MODE is not { oneOf: [words], default }, its default one of the words', 'an empty word'],
    [{ MODE: { oneOf: ['fast', 1], default: 'fast' } }, 'MODE is not { oneOf: [words], default }, its default one of the words', 'a number'],
    [{ MODE: { oneOf: ['fast', 'slow'] } }, 'MODE is not { oneOf: [words], default }, its default one of the words', 'no default'],
    [
      { MODE: { oneOf: ['fast', 'slow'], default: 'medium' } },
      'MODE is not { oneOf: [words], default }, its default one of the words',
      'a default of no word',
    ],
  ];
  for (const [settings, problem, what] of cases) {
    t.throws(declaring(settings), new StartupError(`the API's settings: ${problem}`), what);
  }
  t.throws(
    declaring({ HOST: { oneOf: ['a'], default: 'a' }, MODE: { oneOf: ['fast'], default: 'fast' }, SPEED: { oneOf: ['x'], default: 'y' } }),
    new StartupError(
      "the API's settings: HOST is a setting of the layer: give the API's own another name; SPEED is not { oneOf: [words], default }, its default one of the words",
    ),
    'every wrong one, in one message',
  );
});
