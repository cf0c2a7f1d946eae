import t from 'tap';
import { RECORD_TABLES, recordTableOf } from '../../../../src/adapters/persistence/postgres/record-table.js';
import { COUNTED_TABLES, SCHEMA } from '../../../../src/adapters/persistence/postgres/postgres-schema.js';
import { RECORD_COLLECTIONS } from '../../../../src/domain/api-history/bundle.js';

t.test('every collection has its table, named as the collection, created and counted by the schema', async (t) => {
  for (const collection of RECORD_COLLECTIONS) {
    const table = recordTableOf(collection);
    t.equal(table.name, collection.name, `${collection.name}: the table is named as its collection`);
    t.ok(SCHEMA.includes(table.create), `${collection.name}: created by the migration`);
    t.ok(COUNTED_TABLES.includes(table.name), `${collection.name}: its rows counted`);
  }
  t.equal(RECORD_TABLES.length, RECORD_COLLECTIONS.length, 'no table without a collection');
});

t.test('a collection without a table is named at start', async (t) => {
  t.throws(() => recordTableOf({ name: 'birds' }), { message: 'no PostgreSQL table is declared for the collection birds; add it to RECORD_TABLES' });
});
