import t from 'tap';
import type { PageRoute, Route } from '../../../../src/adapters/http/routing/route.js';
import { readQuery } from '../../../../src/adapters/http/steps/request-steps.js';
import { acceptedText } from '../../../../src/adapters/http/routing/reads-query.js';
import { exchangeOf } from '../../../fixtures/exchange.js';
import { TEST_ROUTE_CONTRACT } from '../../../fixtures/route-contract.js';
import { BadRequestError } from '../../../../src/adapters/http/request/refusals.js';

const route = (queryParameters?: readonly string[], queryNote?: Route['queryNote']): Route => ({
  pattern: '/things/',
  contract: TEST_ROUTE_CONTRACT,
  handle: () => ({ body: {} }),
  ...(queryParameters === undefined ? {} : { queryParameters }),
  ...(queryNote === undefined ? {} : { queryNote }),
});

const PICKER = { purpose: 'the picker', target: '/things/?v=1' };

t.test('a query of the names the route reads goes on, parsed; so does none, and empty separators', async (t) => {
  for (const query of ['', 'a=1', 'a=1&b=2&a=3', '&&a=1&']) {
    const read = readQuery(exchangeOf({ queryString: query }), route(['a', 'b']));
    t.type(read, URLSearchParams, `?${query}`);
    t.same([...(read as URLSearchParams)], [...new URLSearchParams(query)], `?${query}: its parameters`);
  }
  t.same([...(readQuery(exchangeOf({ queryString: '&&' }), route()) as URLSearchParams)], [], 'separators only, on a route that reads none');
});

t.test('any other name is a 400 naming it and what the route reads', async (t) => {
  const cases: [string, Route, string][] = [
    ['c=1', route(['a', 'b']), 'Unknown query parameter "c"; this path accepts only "a" and "b".'],
    ['a=1&A=2&c', route(['a', 'b', 'd']), 'Unknown query parameters "A", "c"; this path accepts only "a", "b" and "d".'],
    ['x', route(['v'], PICKER), 'Unknown query parameter "x"; this path accepts only "v" (the picker: /things/?v=1).'],
    ['x=1&x=2', route(), 'Unknown query parameter "x"; this path accepts no query parameters.'],
  ];
  for (const [query, served, message] of cases) {
    const refusal = readQuery(exchangeOf({ queryString: query }), served);
    t.type(refusal, BadRequestError, `?${query}: a BadRequestError`);
    t.equal((refusal as BadRequestError | undefined)?.message, message, `?${query}: ${message}`);
  }
  t.equal(acceptedText(route(['a'])), 'this path accepts only "a"', 'one name: no "and"');
  const mounted = readQuery(exchangeOf({ queryString: 'x', base: '/api' }), route(['v'], PICKER));
  t.equal(
    (mounted as BadRequestError | undefined)?.message,
    'Unknown query parameter "x"; this path accepts only "v" (the picker: /api/things/?v=1).',
    "below a base, the note's target starts with it",
  );
});

t.test('a page that answers a refused query its own way gets the refusal and the day', async (t) => {
  const exchange = exchangeOf({ queryString: 'x=1' });
  const page: PageRoute = {
    pattern: '/page/',
    unversioned: true,
    handle: () => ({ body: {} }),
    refuseQuery: (refusal, today) => ({ status: 400, body: `${refusal.message} ${today.toString()}` }),
  };
  t.same(readQuery(exchange, page), {
    status: 400,
    body: `Unknown query parameter "x"; this path accepts no query parameters. ${exchange.today.toString()}`,
  });
  t.same([...(readQuery(exchangeOf({ queryString: '' }), page) as URLSearchParams)], [], 'no query: it goes on');
  t.same(
    readQuery(exchangeOf({ queryString: '&'.repeat(64) }), page),
    { status: 400, body: `The query string has more than 64 parameters; the limit is 64. ${exchange.today.toString()}` },
    'a query it cannot read: its own way too',
  );
});
