import t from 'tap';
import { parseCat } from '../../../src/domain/cats/cat.js';
import { InvalidRecordError } from '../../../src/domain/records/invalid-record-error.js';

t.test('a cat has an id and a name under the dog rules', async (t) => {
  t.same(parseCat({ id: 7, name: 'Tom' }), { id: 7, name: 'Tom' });
  t.throws(() => parseCat({ id: 7, name: 'Tom', birthday: '2020-01-01' }), InvalidRecordError, 'a cat has no birthday');
  t.throws(() => parseCat({ id: 0, name: 'Tom' }), InvalidRecordError, 'id 0');
  t.throws(() => parseCat({ id: 1, name: 'x'.repeat(51) }), InvalidRecordError, 'name of 51');
});
