import t from 'tap';
import { errorAnswer } from '../../../../src/adapters/http/response/answer-parts.js';
import { exchangeOf } from '../../../fixtures/exchange.js';
import type { Exchange } from '../../../../src/adapters/http/steps/exchange.js';
import { NotFoundError } from '../../../../src/application/errors/refusals.js';
import { RetiredVersionError } from '../../../../src/domain/versioning/refusals.js';
import { date } from '../../../fixtures/test-clock.js';

t.test('a refusal: its table row, nothing logged', async (t) => {
  const reply = { of: (error: unknown, exchange: Exchange) => errorAnswer(() => t.fail('nothing to log'), error, exchange, '/client/version') };
  t.same(reply.of(new NotFoundError('no_record'), exchangeOf()), { status: 404, detail: 'Not found.' });
});

t.test('anything else: a 500 with no detail of it, and one error line naming the request and the cause', async (t) => {
  const lines: string[] = [];
  const reply = { of: (error: unknown, exchange: Exchange) => errorAnswer((line) => lines.push(line), error, exchange, '/client/version') };
  const exchange = exchangeOf({ method: 'GET', path: `/doggies/${'x'.repeat(3000)}` });
  t.same(reply.of(new TypeError('boom'), exchange), { status: 500, detail: 'A server error occurred.' });
  reply.of(Object.create(null) as unknown, exchange);
  reply.of('a string', exchange);
  const [error, bare, text] = lines.map((line) => JSON.parse(line) as Record<string, string>);
  t.match(error, { level: 'error', error: /^TypeError: boom\n {4}at / });
  t.equal(error?.request?.length, 'GET '.length + 2048, 'the path cut at 2,048 characters');
  t.equal(bare?.error, '[Object: null prototype] {}', 'an object without a prototype, shown, not thrown again');
  t.equal(text?.error, 'a string');
});

t.test("a refused pinned version names where the pin moves, below the request's base, and nothing when it is left out", async (t) => {
  const retired = new RetiredVersionError('1.0.0', date('2026-06-01'), ['2.0.0'], 'pin');
  const detail = (base: string, pinChange: string | undefined): string =>
    errorAnswer(() => t.fail('nothing to log'), retired, exchangeOf({ base }), pinChange).detail;
  t.match(detail('', '/client/version'), 'Upgrade the pin (PUT /client/version) or name', 'the default, at the root');
  t.match(detail('', '/me/version'), 'Upgrade the pin (PUT /me/version) or name', 'where the API places it');
  t.match(detail('/api', '/me/version'), 'Upgrade the pin (PUT /api/me/version) or name', 'below a mount');
  t.match(detail('/api', undefined), 'is no longer served. Name a supported version in the Accept header.', 'left out: no path named');
});
