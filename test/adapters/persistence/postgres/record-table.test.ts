import t from 'tap';
import { recordTableOf } from '../../../../src/adapters/persistence/postgres/record-table.js';
import { layerTablesOf } from '../../../../src/adapters/persistence/postgres/postgres-schema.js';
import { RECORD_COLLECTIONS } from '../../../../src/domain/api-history/bundle.js';
import { CATS } from '../../../../src/domain/api-history/heads/cat-collection.js';
import { CalendarDate } from '../../../../src/domain/records/calendar-date.js';
import type { JsonSchema } from '../../../../src/domain/versioning/json-schema.js';
import type { AnyRecordCollection } from '../../../../src/domain/versioning/record-collection.js';
import { recordType } from '../../../../src/domain/versioning/record-type.js';
import { REFERENCE_TABLES } from '../../../fixtures/postgres/reference-tables.js';

t.test("a collection's table is named as the collection; the migration makes the tables given, then the layer's own", async (t) => {
  for (const collection of RECORD_COLLECTIONS) {
    t.equal(recordTableOf(collection).name, collection.name, `${collection.name}: the table is named as its collection`);
  }
  const made = layerTablesOf(REFERENCE_TABLES);
  for (const table of REFERENCE_TABLES)
    t.ok(
      made.some((layer) => layer.create.includes(table.create)),
      `${table.name}: created by the migration`,
    );
  t.same(
    made.map(({ name }) => name),
    ['dogs', 'cats', 'api_clients', 'api_usage', 'idempotency_keys', 'row_counts'],
    'no record table but those given',
  );
});

/** The tables as they were written by hand before they were made from the schemas: existing databases keep them. */
const HAND_WRITTEN = {
  dogs: `CREATE TABLE IF NOT EXISTS dogs (
    id bigint PRIMARY KEY CONSTRAINT dogs_id_check CHECK (id BETWEEN 1 AND 9007199254740991),
    name text NOT NULL CONSTRAINT dogs_name_check CHECK (char_length(name) BETWEEN 1 AND 50),
    birthday date NOT NULL
  )`,
  cats: `CREATE TABLE IF NOT EXISTS cats (
    id bigint PRIMARY KEY CONSTRAINT cats_id_check CHECK (id BETWEEN 1 AND 9007199254740991),
    name text NOT NULL CONSTRAINT cats_name_check CHECK (char_length(name) BETWEEN 1 AND 50)
  )`,
};

t.test('made from the schema, the reference tables are the hand-written ones, statement for statement', async (t) => {
  t.same(
    REFERENCE_TABLES.map((table) => [table.name, table.noun, table.create, table.columns, table.arrayTypes]),
    [
      ['dogs', 'dog', HAND_WRITTEN.dogs, ['id', 'name', 'birthday'], ['bigint[]', 'text[]', 'date[]']],
      ['cats', 'cat', HAND_WRITTEN.cats, ['id', 'name'], ['bigint[]', 'text[]']],
    ],
  );
});

/** A collection of things whose newest shape is `schema`, represented and parsed as themselves. */
function things(schema: JsonSchema, overrides: Partial<AnyRecordCollection> = {}): AnyRecordCollection {
  return {
    ...CATS,
    name: 'things',
    head: { key: recordType('Thing'), schema, represent: (thing: never) => thing, example: undefined },
    parse: (input: unknown) => Object.freeze({ ...(input as object) }) as { readonly id: number },
    ...overrides,
  };
}

t.test('every kind of field: its column type, its bounds as checks, NOT NULL where required; a row is the record', async (t) => {
  const table = recordTableOf<{ readonly id: number }>(
    things({
      type: 'object',
      properties: {
        id: { type: 'integer', minimum: 1 },
        code: { type: 'string', maxLength: 8 },
        label: { type: 'string', minLength: 2 },
        note: { type: 'string' },
        rank: { type: 'integer', maximum: 9 },
        count: { type: 'integer' },
        born: { type: 'string', format: 'date' },
        weight: { type: 'number' },
        open: { type: 'boolean' },
        tags: { type: 'array', items: { type: 'string' } },
        owner: { type: 'object' },
      },
      required: ['id', 'code', 'tags'],
    }),
  );
  t.equal(
    table.create,
    `CREATE TABLE IF NOT EXISTS things (
    id bigint PRIMARY KEY CONSTRAINT things_id_check CHECK (id >= 1),
    code text NOT NULL CONSTRAINT things_code_check CHECK (char_length(code) <= 8),
    label text CONSTRAINT things_label_check CHECK (char_length(label) >= 2),
    note text,
    rank bigint CONSTRAINT things_rank_check CHECK (rank <= 9),
    count bigint,
    born date,
    weight double precision,
    open boolean,
    tags jsonb NOT NULL,
    owner jsonb
  )`,
  );
  t.same(table.arrayTypes, [
    'bigint[]',
    'text[]',
    'text[]',
    'text[]',
    'bigint[]',
    'bigint[]',
    'date[]',
    'double precision[]',
    'boolean[]',
    'jsonb[]',
    'jsonb[]',
  ]);
  t.same(
    table.values({ id: 3, code: 'A', tags: ['x'], owner: { name: 'Ann' } } as never),
    [3, 'A', undefined, undefined, undefined, undefined, undefined, undefined, undefined, '["x"]', '{"name":"Ann"}'],
    'jsonb as its text, absent fields absent',
  );
  t.same(table.parseRow({ id: '3', code: 'A' }, CalendarDate.parse('2026-11-22') as CalendarDate), { id: 3, code: 'A' }, 'the id a number');
  t.equal(table.noun, 'thing');
});

t.test('a collection that cannot be stored so is named at start, with why', async (t) => {
  const schema = { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] };
  t.throws(() => recordTableOf(things(schema, { name: 'Things' })), {
    message: 'the collection Things cannot be stored in PostgreSQL: its name must be a lowercase SQL identifier (a-z, 0-9, _)',
  });
  t.throws(() => recordTableOf(things({ ...schema, properties: { name: { type: 'string' }, id: { type: 'integer' } } })), {
    message: 'the collection things cannot be stored in PostgreSQL: its schema must have a required id first',
  });
  t.throws(() => recordTableOf(things({ ...schema, required: [] })), { message: /its schema must have a required id first/ });
  t.throws(() => recordTableOf(things({ ...schema, properties: { id: { type: 'integer' }, 'first-name': { type: 'string' } } })), {
    message: 'the collection things cannot be stored in PostgreSQL: its field "first-name" must be a lowercase SQL identifier (a-z, 0-9, _)',
  });
  t.throws(() => recordTableOf(things({ ...schema, properties: { id: { type: 'integer' }, order: { type: 'string' } } })), {
    message: 'the collection things cannot be stored in PostgreSQL: its field "order" is a word PostgreSQL reserves',
  });
  t.throws(() => recordTableOf(things(schema, { name: 'user' })), { message: /its name is a word PostgreSQL reserves/ });
  const withExample = (parse: AnyRecordCollection['parse']) =>
    things(schema, { head: { key: recordType('Thing'), schema, represent: (thing: never) => thing, example: { id: 1 } }, parse });
  t.throws(() => recordTableOf(withExample(() => ({ id: 2 }))), {
    message:
      'the collection things cannot be stored in PostgreSQL: its parse reads its example\'s newest representation back as {"id":2}, not {"id":1}',
  });
  t.throws(
    () =>
      recordTableOf(
        withExample(() => {
          throw new Error('no');
        }),
      ),
    {
      message: "the collection things cannot be stored in PostgreSQL: its parse refuses its own example's newest representation (no)",
    },
  );
  t.doesNotThrow(() => recordTableOf(withExample((input) => input as { readonly id: number })), 'an example that comes back as itself');
});
