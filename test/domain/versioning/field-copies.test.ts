import t from 'tap';
import { withField } from '../../../src/domain/versioning/with-field.js';
import { withoutField } from '../../../src/domain/versioning/without-field.js';

t.test('withField: a new field goes last, an existing one keeps its place; the input is untouched', async (t) => {
  const data = Object.freeze({ id: 1, name: 'Biko', birthday: '2014-05-06' });
  const added = withField(data, 'age', 12);
  t.same(Object.keys(added), ['id', 'name', 'birthday', 'age'], 'added last');
  t.equal(JSON.stringify(added), JSON.stringify({ ...data, age: 12 }), 'the same bytes as a spread');
  const replaced = withField(added, 'name', 'Rex');
  t.same(Object.keys(replaced), ['id', 'name', 'birthday', 'age'], 'replaced in place');
  t.equal(replaced.name, 'Rex', 'with the new value');
  t.same(data, { id: 1, name: 'Biko', birthday: '2014-05-06' }, 'the input is unchanged');
  t.not(added, data, 'a new object');
});

t.test('withoutField: the other fields in their order; the same object when the field is absent', async (t) => {
  const data = Object.freeze({ id: 1, age: 12, name: 'Biko' });
  const removed = withoutField(data, 'age');
  t.same(Object.keys(removed), ['id', 'name'], 'age gone, order kept');
  t.same(data, { id: 1, age: 12, name: 'Biko' }, 'the input is unchanged');
  t.equal(withoutField(data, 'nope'), data, 'nothing to remove: the same object');
});
