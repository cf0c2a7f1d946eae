import t from 'tap';
import { PageRequest, type PageQuery } from '../../../src/application/paging/page-request.js';
import { InvalidPageError } from '../../../src/application/errors/refusals.js';

t.test('limit 1 to 1000 (default 100), offset 0 or more (default 0), as text or numbers', async (t) => {
  const cases: [string | undefined, string | undefined, number, number][] = [
    [undefined, undefined, 100, 0],
    ['1', undefined, 1, 0],
    ['1000', '0', 1000, 0],
    [undefined, '5', 100, 5],
    ['10', String(Number.MAX_SAFE_INTEGER), 10, Number.MAX_SAFE_INTEGER],
  ];
  t.match(PageRequest.fromQuery(7, 3), { limit: 7, offset: 3 }, 'numbers');
  t.throws(() => PageRequest.fromQuery(1.5, 0), InvalidPageError, 'a fractional number');
  t.throws(() => PageRequest.fromQuery(Number.NaN, 0), InvalidPageError, 'NaN');
  t.match(PageRequest.fromQuery([], ['4']), { limit: 100, offset: 4 }, 'a query string giving each at most once');
  t.throws(() => PageRequest.fromQuery(['1', '2'], undefined), { message: 'limit is given 2 times; give it once.' }, 'given twice');
  for (const [limit, offset, expectedLimit, expectedOffset] of cases) {
    t.match(PageRequest.fromQuery(limit, offset), { limit: expectedLimit, offset: expectedOffset }, `limit=${limit} offset=${offset}`);
  }
});

t.test('anything else is refused, naming the parameter', async (t) => {
  const cases: [string | undefined, string | undefined, RegExp][] = [
    ['0', undefined, /^limit must be a whole number from 1 to 1000; got "0"\.$/],
    ['1001', undefined, /limit .* got "1001"/],
    ['-1', undefined, /limit/],
    ['abc', undefined, /limit/],
    ['1.5', undefined, /limit/],
    ['', undefined, /limit .* got ""/],
    [' 5', undefined, /limit/],
    ['05', undefined, /limit/],
    ['1e2', undefined, /limit/],
    [undefined, '-1', /^offset must be a whole number from 0 to 9007199254740991; got "-1"\.$/],
    [undefined, '9'.repeat(20), /offset/],
    [undefined, 'x'.repeat(1000), /got "x{40}…"\.$/],
  ];
  for (const [limit, offset, message] of cases) {
    const error = t.throws(() => PageRequest.fromQuery(limit, offset), InvalidPageError, `limit=${limit} offset=${offset}`) as InvalidPageError;
    t.match(error.message, message);
    t.equal(error.code, 'invalid_page');
  }
});

t.test('starting_after or ending_before: a record id, alone, without offset', async (t) => {
  t.match(PageRequest.from({ starting_after: '12' }), { limit: 100, offset: 0, cursor: { side: 'after', id: 12 } }, 'starting_after');
  t.match(
    PageRequest.from({ ending_before: ['7'], limit: '3' }),
    { limit: 3, cursor: { side: 'before', id: 7 } },
    'ending_before from a query string',
  );
  t.match(PageRequest.from({ starting_after: [], offset: '4' }), { offset: 4, cursor: undefined }, 'an absent cursor');
  // A query string gives every parameter as a list, an absent one as an empty list.
  t.match(PageRequest.from({ starting_after: '12', offset: [] }), { offset: 0, cursor: { side: 'after', id: 12 } }, 'a cursor and an absent offset');
  t.match(PageRequest.after(Number.MAX_SAFE_INTEGER, 5), { limit: 5, cursor: { side: 'after', id: Number.MAX_SAFE_INTEGER } }, 'the largest id');
  t.match(PageRequest.before(1), { limit: 100, cursor: { side: 'before', id: 1 } }, 'the smallest id');
  const keys = [
    PageRequest.of(3, 0),
    PageRequest.of(3, 1),
    PageRequest.of(4, 0),
    PageRequest.after(1, 3),
    PageRequest.before(1, 3),
    PageRequest.after(2, 3),
  ].map((request) => request.key);
  t.equal(new Set(keys).size, keys.length, 'each slice has its own key');
  t.equal(PageRequest.after(5, 2).key, PageRequest.from({ starting_after: '5', limit: '2' }).key, 'the same slice, the same key');
  const refused: [PageQuery, RegExp][] = [
    [{ starting_after: '0' }, /^starting_after must be a record id, a whole number from 1 to 9007199254740991; got "0"\.$/],
    [{ ending_before: 1.5 }, /^ending_before must be a record id/],
    [{ ending_before: '9007199254740992' }, /^ending_before /],
    [{ starting_after: ['1', '1'] }, /^starting_after is given 2 times; give it once\.$/],
    [{ starting_after: '1', ending_before: '2' }, /^starting_after and ending_before are both given; give one of them\.$/],
    [{ starting_after: '1', offset: '0' }, /^offset cannot be given with starting_after; give one of them\.$/],
    [{ ending_before: '1', offset: ['3'] }, /^offset cannot be given with ending_before; give one of them\.$/],
  ];
  for (const [query, message] of refused) {
    const error = t.throws(() => PageRequest.from(query), InvalidPageError, JSON.stringify(query)) as InvalidPageError;
    t.match(error.message, message, JSON.stringify(query));
  }
});
