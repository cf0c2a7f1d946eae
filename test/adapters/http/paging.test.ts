import { join } from 'node:path';
import t from 'tap';
import type { Test } from 'tap';
import { paginationHeaders } from '../../../src/adapters/http/response/pagination-headers.js';
import { PageRequest } from '../../../src/application/paging/page-request.js';
import { acceptVersion, startService, type RunningService } from '../../fixtures/service.js';
import { call, checkJsonHeaders, NOT_FOUND } from './fixtures/http-client.js';

/** Seven dogs written in no particular id order. */
const DOGS = [
  { id: 40, name: 'Forty', birthday: '2020-01-01' },
  { id: 7, name: 'Seven', birthday: '2014-05-06' },
  { id: 12, name: 'Twelve', birthday: '2025-11-22' },
  { id: 3, name: 'Three', birthday: '2025-11-23' },
  { id: 25, name: 'TwentyFive', birthday: '2027-01-01' },
  { id: 1, name: 'One' },
  { id: 18, name: 'Eighteen', birthday: '2016-02-29' },
];
const IDS = [1, 3, 7, 12, 18, 25, 40];
const CATS = [
  { id: 9, name: 'Nine' },
  { id: 2, name: 'Two' },
  { id: 5, name: 'Five' },
];

async function startWith(t: Test, data: unknown, env: Record<string, string> = {}): Promise<RunningService> {
  const dir = t.testdir({ 'data.json': JSON.stringify(data) });
  return startService(t, { DATA_FILE: join(dir, 'data.json'), ...env });
}

const idsOf = (json: unknown) => (json as { id: number }[]).map((item) => item.id);
const link = (rel: string, limit: number, offset: number, path = '/doggies/') => `<${path}?limit=${limit}&offset=${offset}>; rel="${rel}"`;

t.test('a list is in ascending id order, all of it within the default limit', async (t) => {
  const service = await startWith(t, { dogs: DOGS, cats: CATS });
  const reply = await call(service.url, '/doggies/');
  t.equal(reply.status, 200, '200');
  t.same(idsOf(reply.json), IDS, 'ascending ids');
  t.equal(reply.headers.get('x-total-count'), '7', 'X-Total-Count 7');
  t.equal(reply.headers.get('link'), null, 'one page: no Link');
  const cats = await call(service.url, '/cats/', { headers: acceptVersion('1.0.0') });
  t.same(
    cats.json,
    [
      { id: 2, name: 'Two' },
      { id: 5, name: 'Five' },
      { id: 9, name: 'Nine' },
    ],
    'cats in ascending id order',
  );
});

const next = (limit: number, after: number, path = '/doggies/') => `<${path}?limit=${limit}&starting_after=${after}>; rel="next"`;
const prev = (limit: number, before: number, path = '/doggies/') => `<${path}?limit=${limit}&ending_before=${before}>; rel="prev"`;

t.test('limit and offset page the list, with Link by cursor and X-Total-Count', async (t) => {
  const service = await startWith(t, { dogs: DOGS });
  // [query, ids, Link]
  const cases: [string, number[], string | null][] = [
    ['?limit=3', [1, 3, 7], next(3, 7)],
    ['?limit=3&offset=0', [1, 3, 7], next(3, 7)],
    ['?limit=3&offset=3', [12, 18, 25], `${next(3, 25)}, ${prev(3, 12)}`],
    ['?offset=3&limit=3', [12, 18, 25], `${next(3, 25)}, ${prev(3, 12)}`],
    ['?limit=3&offset=6', [40], prev(3, 40)],
    ['?limit=3&offset=1', [3, 7, 12], `${next(3, 12)}, ${prev(3, 3)}`],
    ['?limit=3&offset=4', [18, 25, 40], prev(3, 18)],
    ['?offset=2', [7, 12, 18, 25, 40], prev(100, 7)],
    ['?limit=7', IDS, null],
    ['?limit=6', [1, 3, 7, 12, 18, 25], next(6, 25)],
    ['?limit=1&offset=6', [40], prev(1, 40)],
    ['?limit=1000', IDS, null],
    ['?limit=1', [1], next(1, 1)],
    ['?limit=3&offset=7', [], link('prev', 3, 4)],
    ['?limit=3&offset=100', [], link('prev', 3, 4)],
    [`?offset=${Number.MAX_SAFE_INTEGER}`, [], link('prev', 100, 0)],
    ['?limit=%33', [1, 3, 7], next(3, 7)],
  ];
  for (const [query, ids, expectedLink] of cases) {
    const reply = await call(service.url, `/doggies/${query}`);
    t.equal(reply.status, 200, `${query}: 200`);
    t.same(idsOf(reply.json), ids, `${query}: ids ${ids.join(',')}`);
    t.equal(reply.headers.get('link'), expectedLink, `${query}: Link`);
    t.equal(reply.headers.get('x-total-count'), '7', `${query}: X-Total-Count is the whole list`);
  }
});

t.test('starting_after and ending_before page next to an id, present or not, with Link by cursor', async (t) => {
  const service = await startWith(t, { dogs: DOGS });
  // [query, ids, Link]
  const cases: [string, number[], string | null][] = [
    ['?limit=3&starting_after=1', [3, 7, 12], `${next(3, 12)}, ${prev(3, 3)}`],
    ['?limit=3&starting_after=2', [3, 7, 12], `${next(3, 12)}, ${prev(3, 3)}`],
    ['?starting_after=12&limit=3', [18, 25, 40], prev(3, 18)],
    ['?limit=3&starting_after=40', [], null],
    [`?starting_after=${Number.MAX_SAFE_INTEGER}`, [], null],
    ['?starting_after=1', [3, 7, 12, 18, 25, 40], prev(100, 3)],
    ['?limit=3&ending_before=40', [12, 18, 25], `${next(3, 25)}, ${prev(3, 12)}`],
    ['?limit=2&ending_before=13', [7, 12], `${next(2, 12)}, ${prev(2, 7)}`],
    ['?limit=3&ending_before=7', [1, 3], next(3, 3)],
    ['?limit=3&ending_before=1', [], null],
    [`?limit=3&ending_before=${Number.MAX_SAFE_INTEGER}`, [18, 25, 40], prev(3, 18)],
    ['?ending_before=41', IDS, null],
  ];
  for (const [query, ids, expectedLink] of cases) {
    const reply = await call(service.url, `/doggies/${query}`);
    t.equal(reply.status, 200, `${query}: 200`);
    t.same(idsOf(reply.json), ids, `${query}: ids ${ids.join(',')}`);
    t.equal(reply.headers.get('link'), expectedLink, `${query}: Link`);
    t.equal(reply.headers.get('x-total-count'), '7', `${query}: X-Total-Count is the whole list`);
  }
  const cats = await call(service.url, '/cats/?limit=1&starting_after=1', { headers: acceptVersion('1.0.0') });
  t.same(
    [cats.status, cats.json, cats.headers.get('link')],
    [200, [], '</version/my_version/>; rel="deprecation"; type="application/json; version=1.0.0"'],
    'the cats list takes cursors too (no next or prev: only the deprecation link of 1.0.0)',
  );
});

t.test('the default limit is 100', async (t) => {
  const dogs = Array.from({ length: 150 }, (_, index) => ({ id: 150 - index, name: `Dog ${150 - index}`, birthday: '2020-01-01' }));
  const service = await startWith(t, { dogs });
  const first = await call(service.url, '/doggies/');
  t.same(
    idsOf(first.json),
    Array.from({ length: 100 }, (_, index) => index + 1),
    'the first 100 ids',
  );
  t.equal(first.headers.get('x-total-count'), '150', 'X-Total-Count 150');
  t.equal(first.headers.get('link'), next(100, 100), 'the next page starts after id 100');
  const second = await call(service.url, '/doggies/?offset=100');
  t.same(
    idsOf(second.json),
    Array.from({ length: 50 }, (_, index) => index + 101),
    'the remaining 50',
  );
  t.equal(second.headers.get('link'), prev(100, 101), 'the previous page ends before id 101');
});

t.test('a bad limit or offset is 400 with a detail', async (t) => {
  const service = await startWith(t, { dogs: DOGS, cats: CATS });
  // [query, what the detail must mention]
  const cases: [string, RegExp][] = [
    ['limit=0', /^limit .*from 1 to 1000.*"0"/],
    ['limit=1001', /^limit .*from 1 to 1000.*"1001"/],
    ['limit=-1', /^limit .*"-1"/],
    ['limit=abc', /^limit .*"abc"/],
    ['limit=1.5', /^limit .*"1\.5"/],
    ['limit=', /^limit .*""/],
    ['limit=01', /^limit .*"01"/],
    ['limit=%20', /^limit .*" "/],
    ['limit=99999999999999999999', /^limit /],
    ['limit=2&limit=3', /^limit .*2 times/],
    ['offset=-1', /^offset .*from 0 to 9007199254740991.*"-1"/],
    ['offset=abc', /^offset .*"abc"/],
    ['offset=1.5', /^offset .*"1\.5"/],
    ['offset=', /^offset .*""/],
    ['offset=1e3', /^offset .*"1e3"/],
    ['offset=0&offset=0', /^offset .*2 times/],
    ['limit=3&offset=x', /^offset /],
    ['starting_after=0', /^starting_after must be a record id, a whole number from 1 to 9007199254740991; got "0"\.$/],
    ['starting_after=abc', /^starting_after .*"abc"/],
    ['starting_after=', /^starting_after .*""/],
    ['starting_after=9007199254740992', /^starting_after .*"9007199254740992"/],
    ['starting_after=-3', /^starting_after /],
    ['starting_after=1&starting_after=2', /^starting_after is given 2 times; give it once\.$/],
    ['ending_before=1.5', /^ending_before must be a record id.*"1\.5"/],
    ['ending_before=%2012', /^ending_before .*" 12"/],
    ['ending_before=3&ending_before=3', /^ending_before is given 2 times/],
    ['starting_after=1&ending_before=9', /^starting_after and ending_before are both given; give one of them\.$/],
    ['starting_after=1&offset=0', /^offset cannot be given with starting_after; give one of them\.$/],
    ['offset=5&ending_before=9', /^offset cannot be given with ending_before/],
    ['offset=&ending_before=9', /^offset /],
  ];
  for (const path of ['/doggies/', '/cats/']) {
    for (const [query, detail] of cases) {
      const reply = await call(service.url, `${path}?${query}`, { headers: acceptVersion('2.0.0') });
      t.equal(reply.status, 400, `${path}?${query}: 400`);
      t.match(reply.json, { detail }, `${path}?${query}: detail says what is wrong`);
      t.same(Object.keys(reply.json as object), ['detail'], `${path}?${query}: only detail`);
      checkJsonHeaders(t, reply, '2.0.0', `${path}?${query}`);
    }
  }
});

t.test('paging parameters on a detail path are refused: it reads none', async (t) => {
  const service = await startWith(t, { dogs: DOGS });
  const reply = await call(service.url, '/doggies/7/?limit=abc&offset=-1');
  t.equal(reply.status, 400, '400');
  t.same(reply.json, { detail: 'Unknown query parameters "limit", "offset"; this path accepts no query parameters.' }, 'both named');
});

t.test('a hidden list answers 404 even when its limit or offset is bad (availability before query checks)', async (t) => {
  const service = await startWith(t, { cats: CATS });
  for (const query of ['limit=0', 'offset=-1', 'limit=1&limit=2', 'starting_after=x', 'starting_after=1&ending_before=2']) {
    const reply = await call(service.url, `/cats/?${query}`, { headers: acceptVersion('5.0.0') });
    t.equal(reply.status, 404, `/cats/?${query} at 5.0.0, where the cat list is hidden: 404`);
    t.same(reply.json, NOT_FOUND, `/cats/?${query} at 5.0.0: Not found.`);
  }
});

t.test('paginationHeaders', async (t) => {
  const page = (request: PageRequest, total: number, items: unknown[] = [], cursors: { nextAfter?: number; previousBefore?: number } = {}) => ({
    items,
    request,
    total,
    ...cursors,
  });
  const cases: [string, ReturnType<typeof page>, Record<string, string>][] = [
    ['empty collection', page(PageRequest.of(10, 0), 0), { 'X-Total-Count': '0' }],
    ['one full page', page(PageRequest.of(10, 0), 10, [1]), { 'X-Total-Count': '10' }],
    [
      'first of two',
      page(PageRequest.of(10, 0), 11, [1], { nextAfter: 10 }),
      { 'X-Total-Count': '11', Link: '</things/?limit=10&starting_after=10>; rel="next"' },
    ],
    [
      'last of two',
      page(PageRequest.of(10, 10), 11, [1], { previousBefore: 11 }),
      { 'X-Total-Count': '11', Link: '</things/?limit=10&ending_before=11>; rel="prev"' },
    ],
    [
      'middle',
      page(PageRequest.after(4, 2), 9, [1], { nextAfter: 6, previousBefore: 5 }),
      { 'X-Total-Count': '9', Link: '</things/?limit=2&starting_after=6>; rel="next", </things/?limit=2&ending_before=5>; rel="prev"' },
    ],
    [
      'past the end of an offset: prev is the last page by offset',
      page(PageRequest.of(5, 50), 12),
      { 'X-Total-Count': '12', Link: '</things/?limit=5&offset=7>; rel="prev"' },
    ],
    ['an empty page after a cursor: no links', page(PageRequest.after(50, 5), 12), { 'X-Total-Count': '12' }],
    ['an empty page before a cursor: no links', page(PageRequest.before(1, 5), 12), { 'X-Total-Count': '12' }],
  ];
  for (const [message, value, expected] of cases) {
    t.same(paginationHeaders('/things/', value), expected, message);
  }
});
