import t from 'tap';
import { InMemoryRecordRepository } from '../../../../src/adapters/persistence/memory/in-memory-record-repository.js';

t.test('two records with one id are refused when the store is built', async (t) => {
  t.throws(() => new InMemoryRecordRepository([{ id: 1 }, { id: 2 }, { id: 1 }]), /two records have id 1/);
});
