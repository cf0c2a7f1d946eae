import t from 'tap';
import { GenerationalCache } from '../../../src/adapters/caching/generational-cache.js';

t.test('holds fewer than twice its capacity, however many keys are stored', async (t) => {
  const cache = new GenerationalCache<number, string>(3);
  for (let key = 0; key < 10_000; key += 1) {
    cache.set(key, `value ${key}`);
    if (cache.size >= 6) t.fail(`${cache.size} entries after key ${key}`);
  }
  t.ok(cache.size < 6, `${cache.size} entries at the end`);
  t.equal(cache.get(9_999), 'value 9999', 'the newest is there');
  t.equal(cache.get(0), undefined, 'the oldest is forgotten');
});

t.test('an entry that is read keeps its place; one that is not is forgotten', async (t) => {
  const cache = new GenerationalCache<string, number>(3);
  cache.set('kept', 1);
  cache.set('dropped', 2);
  cache.set('a', 3); // the young generation is full: all three become the old one
  cache.set('b', 4);
  t.equal(cache.get('kept'), 1, 'read from the old generation, it moves back to the young one');
  cache.set('c', 5); // young (b, kept, c) is full: it becomes the old generation, and the previous old one goes
  t.equal(cache.get('dropped'), undefined, 'never read: forgotten');
  t.equal(cache.get('a'), undefined, 'never read: forgotten too');
  t.same([cache.get('kept'), cache.get('b'), cache.get('c')], [1, 4, 5], 'what was read or stored since is there');
});

t.test('storing a key again replaces its value, in whichever generation it was', async (t) => {
  const cache = new GenerationalCache<string, number>(2);
  cache.set('x', 1);
  cache.set('y', 2); // rotation: x and y are old
  cache.set('x', 10);
  t.equal(cache.get('x'), 10, 'the new value');
  t.equal(cache.size, 2, 'x once, y once');
  cache.set('x', 11);
  t.equal(cache.get('x'), 11, 'replaced in the young generation too');
});

t.test('a capacity below one is refused', async (t) => {
  for (const capacity of [0, -1, 1.5, Number.NaN]) {
    t.throws(() => new GenerationalCache(capacity), RangeError, `capacity ${capacity}`);
  }
});
