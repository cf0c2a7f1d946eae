import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import t from 'tap';
import { UsageCounter } from '../../../../src/application/clients/usage-counter.js';
import { InMemoryUsageStore } from '../../../../src/adapters/persistence/memory/in-memory-usage-store.js';
import type { Route, ServedRoute } from '../../../../src/adapters/http/routing/route.js';
import { AccessLog } from '../../../../src/adapters/http/observers/access-log.js';
import { MetricsObserver } from '../../../../src/adapters/http/observers/metrics-observer.js';
import { UsageObserver } from '../../../../src/adapters/http/observers/usage-observer.js';
import { Version } from '../../../../src/domain/versioning/version.js';
import { exchangeOf } from '../../../fixtures/exchange.js';
import { keyedClient } from '../../../fixtures/clients.js';
import { TEST_ROUTE_CONTRACT } from '../../../fixtures/route-contract.js';

t.test('the access line: one JSON object, the path and user agent cut, the duration to the microsecond', async (t) => {
  const lines: string[] = [];
  const log = new AccessLog((line) => lines.push(line));
  log.observe(
    exchangeOf({ method: 'GET', path: `/${'p'.repeat(3000)}`, userAgent: `"${'u'.repeat(300)}`, version: Version.parse('3.0.0') }),
    200,
    1.23456,
  );
  log.observe(exchangeOf({ method: 'BREW' }), 499, 0);
  const [first, second] = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  t.match(first, { method: 'GET', status: 200, version: '3.0.0', duration_ms: 1.235 });
  t.equal((first?.path as string).length, 2048);
  t.equal((first?.user_agent as string).length, 256);
  t.match(first?.time, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  t.match(second, { method: 'BREW', status: 499, version: null, user_agent: null, path: '/' });
});

t.test('the metrics: route, method, status, version and seconds', async (t) => {
  const seen: unknown[][] = [];
  const route: ServedRoute = { pattern: '/docs/', unversioned: true, handle: () => ({ body: {} }) };
  new MetricsObserver({ observe: (...args) => seen.push(args) }).observe(exchangeOf({ route, method: 'HEAD' }), 304, 2);
  t.same(seen, [[route, 'HEAD', 304, undefined, 0.002]]);
});

/** A response as node hands it over: written whole already, or to be written later ('finish') on `socket`. */
function responseOf(writableFinished: boolean, socket = { destroyed: false }): ServerResponse & EventEmitter {
  return Object.assign(new EventEmitter(), { writableFinished, req: { socket } }) as unknown as ServerResponse & EventEmitter;
}

t.test('the usage: a request of no client counts as anonymous, one served at no version as none; a path outside the API not at all', async (t) => {
  const counter = new UsageCounter(new InMemoryUsageStore());
  const usage = new UsageObserver(counter);
  const route: Route = { pattern: '/doggies/:id/', contract: TEST_ROUTE_CONTRACT, handle: () => ({ body: {} }) };
  const page: ServedRoute = { pattern: '/docs/', unversioned: true, handle: () => ({ body: {} }) };
  const written = responseOf(true);
  usage.observe(exchangeOf({ route, version: Version.parse('3.0.0'), client: keyedClient('shop', '3.0.0').client }), 200, 0, written);
  usage.observe(exchangeOf({ route }), 200, 0, written);
  usage.observe(exchangeOf({ route: page }), 200, 0, written);
  usage.observe(exchangeOf(), 404, 0, written);
  t.same(counter.pending(), [
    { client: 'shop', version: '3.0.0', route: '/doggies/:id/', day: '2026-11-22', requests: 1 },
    { client: 'anonymous', version: 'none', route: '/doggies/:id/', day: '2026-11-22', requests: 1 },
  ]);
});

t.test('the usage: an answer not yet written is counted once it is, and never when its connection is cut first', async (t) => {
  const counter = new UsageCounter(new InMemoryUsageStore());
  const usage = new UsageObserver(counter);
  const route: Route = { pattern: '/doggies/:id/', contract: TEST_ROUTE_CONTRACT, handle: () => ({ body: {} }) };
  const queued = responseOf(false);
  const cut = { destroyed: false };
  const lost = responseOf(false, cut);
  const left = responseOf(false);
  usage.observe(exchangeOf({ route }), 200, 0, queued);
  usage.observe(exchangeOf({ route }), 200, 0, lost);
  usage.observe(exchangeOf({ route }), 499, 0, left);
  t.same(counter.pending(), [], 'nothing counted before the answers are written');
  queued.emit('finish');
  cut.destroyed = true;
  lost.emit('finish'); // node's 'finish' of an answer whose connection was destroyed mid-write
  left.emit('close');
  t.same(
    counter.pending(),
    [{ client: 'anonymous', version: 'none', route: '/doggies/:id/', day: '2026-11-22', requests: 1 }],
    'the one written in full',
  );
  queued.emit('finish');
  t.equal(counter.pending()[0]?.requests, 1, 'once');
});
