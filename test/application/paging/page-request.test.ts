import t from 'tap';
import { InvalidPageError } from '../../../src/application/errors/invalid-page-error.js';
import { PageRequest } from '../../../src/application/paging/page-request.js';

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
