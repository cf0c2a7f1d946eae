import t from 'tap';
import { BoundedCache } from '../../../src/adapters/http/bounded-cache.js';

t.test('holds at most its capacity: a new entry evicts the one stored longest ago', async (t) => {
  const cache = new BoundedCache<string, number>(3);
  for (const [index, key] of ['a', 'b', 'c'].entries()) cache.set(key, index);
  t.equal(cache.size, 3, 'full');
  cache.set('d', 3);
  t.equal(cache.size, 3, 'still 3 after a fourth');
  t.equal(cache.get('a'), undefined, 'the oldest, a, is evicted');
  t.same(['b', 'c', 'd'].map((key) => cache.get(key)), [1, 2, 3], 'the others stay');
  for (let index = 0; index < 10_000; index += 1) cache.set(`key ${index}`, index);
  t.equal(cache.size, 3, 'a flood of new keys never grows it');
  t.same(['key 9997', 'key 9998', 'key 9999'].map((key) => cache.get(key)), [9997, 9998, 9999], 'the newest stay');
});

t.test('storing a key it holds replaces the value and evicts nothing', async (t) => {
  const cache = new BoundedCache<string, number>(2);
  cache.set('a', 1);
  cache.set('b', 2);
  cache.set('a', 10);
  t.equal(cache.size, 2, 'same size');
  t.same([cache.get('a'), cache.get('b')], [10, 2], 'a replaced, b kept');
});

t.test('a capacity below one is refused', async (t) => {
  for (const capacity of [0, -1, 1.5, Number.NaN]) {
    t.throws(() => new BoundedCache(capacity), RangeError, `capacity ${capacity}`);
  }
});
