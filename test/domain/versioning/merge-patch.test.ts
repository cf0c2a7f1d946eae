import t from 'tap';
import { mergePatch } from '../../../src/domain/versioning/merge-patch.js';

// RFC 7396's own examples (appendix A), then what the writes rely on.
t.test("RFC 7396's examples", async (t) => {
  const cases: [unknown, unknown, unknown][] = [
    [{ a: 'b' }, { a: 'c' }, { a: 'c' }],
    [{ a: 'b' }, { b: 'c' }, { a: 'b', b: 'c' }],
    [{ a: 'b' }, { a: null }, {}],
    [{ a: 'b', b: 'c' }, { a: null }, { b: 'c' }],
    [{ a: ['b'] }, { a: 'c' }, { a: 'c' }],
    [{ a: 'c' }, { a: ['b'] }, { a: ['b'] }],
    [{ a: { b: 'c' } }, { a: { b: 'd', c: null } }, { a: { b: 'd' } }],
    [{ a: [{ b: 'c' }] }, { a: [1] }, { a: [1] }],
    [
      ['a', 'b'],
      ['c', 'd'],
      ['c', 'd'],
    ],
    [{ a: 'b' }, ['c'], ['c']],
    [{ a: 'foo' }, null, null],
    [{ a: 'foo' }, 'bar', 'bar'],
    [{ e: null }, { a: 1 }, { e: null, a: 1 }],
    [[1, 2], { a: 'b', c: null }, { a: 'b' }],
    [{}, { a: { bb: { ccc: null } } }, { a: { bb: {} } }],
  ];
  for (const [target, patch, result] of cases) t.same(mergePatch(target as never, patch as never), result, JSON.stringify([target, patch]));
});

t.test('neither the target nor the patch is changed', async (t) => {
  const target = Object.freeze({ a: Object.freeze({ b: 1, c: 2 }) });
  const patch = Object.freeze({ a: Object.freeze({ b: null, d: 3 }) });
  t.same(mergePatch(target, patch), { a: { c: 2, d: 3 } });
  t.same([target, patch], [{ a: { b: 1, c: 2 } }, { a: { b: null, d: 3 } }]);
});
