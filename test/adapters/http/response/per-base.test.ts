import t from 'tap';
import { KEPT_BASES, PerBase } from '../../../../src/adapters/http/response/per-base.js';

t.test('a value per base is made once for the first bases, and on each request past them', async (t) => {
  const made: string[] = [];
  const perBase = new PerBase((base) => {
    made.push(base);
    return { base };
  });
  const bases = Array.from({ length: KEPT_BASES + 1 }, (_, index) => `/tenant-${index}`);
  for (const base of bases) t.same(perBase.of(base), { base });
  t.equal(perBase.of('/tenant-0'), perBase.of('/tenant-0'), 'a kept base: the same value');
  t.equal(made.length, KEPT_BASES + 1, 'kept: made once');
  perBase.of(bases[KEPT_BASES] as string);
  t.equal(made.length, KEPT_BASES + 2, 'one base too many: made again, never kept');
});
