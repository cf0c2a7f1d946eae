import t from 'tap';
import { recordsOf } from '../../../src/adapters/persistence/loaded-records.js';
import { CATS } from '../../../src/domain/api-history/heads/cat-collection.js';
import { DOGS } from '../../../src/domain/api-history/heads/dog-collection.js';
import { parseCat } from '../../../src/domain/cats/cat.js';

t.test("a collection's records by its name, none when the records leave it out", async (t) => {
  const cats = [parseCat({ id: 1, name: 'Tom' })];
  t.equal(recordsOf({ cats }, CATS), cats, 'the very array given');
  t.same(recordsOf({ cats }, DOGS), [], 'a collection left out has no records');
});
