// Needs: PostgreSQL
import t from 'tap';
import { createPool } from '../../../../src/adapters/persistence/postgres/postgres-pool.js';
import { PostgresRecordRepository } from '../../../../src/adapters/persistence/postgres/postgres-record-repository.js';
import { writeRecords } from '../../../../src/adapters/persistence/postgres/postgres-bulk-load.js';
import { migrateSchema } from '../../../../src/adapters/persistence/postgres/postgres-schema.js';
import { RESERVED_WORDS, recordTableOf } from '../../../../src/adapters/persistence/postgres/record-table.js';
import { PageRequest } from '../../../../src/application/paging/page-request.js';
import { CATS } from '../../../../src/domain/api-history/heads/cat-collection.js';
import { CalendarDate } from '../../../../src/domain/records/calendar-date.js';
import type { AnyRecordCollection } from '../../../../src/domain/versioning/record-collection.js';
import { recordType } from '../../../../src/domain/versioning/record-type.js';
import { testDatabase } from '../../../fixtures/postgres/test-database.js';
import { REFERENCE_TABLES } from '../../../fixtures/postgres/reference-tables.js';

interface Thing {
  readonly id: number;
  readonly code: string;
  readonly born?: string;
  readonly weight?: number;
  readonly open?: boolean;
  readonly tags: readonly string[];
  readonly owner?: { readonly name: string };
}

/** A collection declared with every kind of field, stored with no SQL of its own. */
const THINGS = {
  ...CATS,
  name: 'things',
  head: {
    key: recordType<Thing>('Thing'),
    schema: {
      type: 'object',
      properties: {
        id: { type: 'integer', minimum: 1 },
        code: { type: 'string', minLength: 1, maxLength: 8 },
        born: { type: 'string', format: 'date' },
        weight: { type: 'number' },
        open: { type: 'boolean' },
        tags: { type: 'array', items: { type: 'string' } },
        owner: { type: 'object' },
      },
      required: ['id', 'code', 'tags'],
    },
    // A row gives every column, null where absent: the record leaves those out, as it was given.
    represent: (thing: Thing) => thing,
    example: { id: 1, code: 'A', tags: [] },
  },
  parse: (input: unknown) =>
    Object.freeze(Object.fromEntries(Object.entries(input as object).filter(([, value]) => value !== null && value !== undefined))) as Thing,
} as unknown as AnyRecordCollection;

const today = (): CalendarDate => CalendarDate.parse('2026-11-22') as CalendarDate;
const url = await testDatabase(t);
if (url !== undefined) {
  const pool = createPool({ url, size: 1, onIdleError: (error) => t.fail(error.message) });
  t.teardown(() => pool.end());
  await migrateSchema(pool, REFERENCE_TABLES);

  t.test('the words the table maker refuses are the ones this server reserves', async (t) => {
    const { rows } = await pool.query<{ word: string }>("SELECT word FROM pg_get_keywords() WHERE catcode IN ('R', 'T') ORDER BY word");
    t.same(
      [...RESERVED_WORDS].sort(),
      rows.map(({ word }) => word),
    );
  });

  t.test('a table made from a schema: created, written, read back as the records written, its checks in force', async (t) => {
    const table = recordTableOf<Thing>(THINGS);
    await pool.query(table.create);
    const things: Thing[] = [
      { id: 1, code: 'A', born: '2020-02-29', weight: 1.5, open: true, tags: ['x', 'y'], owner: { name: 'Ann' } },
      { id: 2, code: 'B', tags: [] },
    ];
    await writeRecords(pool, { things }, [table]);
    const stored = new PostgresRecordRepository(pool, table, today);
    t.same(await stored.findById(1), things[0], 'every kind of field');
    t.same(await stored.findById(2), things[1], 'absent fields: null in the row, absent in the record');
    t.same((await stored.list(PageRequest.of(10, 0))).records, things, 'a page of them');
    await t.rejects(pool.query("INSERT INTO things (id, code, tags) VALUES (3, '', '[]')"), { code: '23514' }, 'minLength: a check');
    await t.rejects(pool.query("INSERT INTO things (id, code, tags) VALUES (0, 'C', '[]')"), { code: '23514' }, 'minimum: a check');
    await t.rejects(pool.query("INSERT INTO things (id, code) VALUES (3, 'C')"), { code: '23502' }, 'required: NOT NULL');
  });
}
