import t from 'tap';
import { UsageCounter } from '../../../src/application/clients/usage-counter.js';
import { UsageReports } from '../../../src/application/clients/usage-reports.js';
import { InMemoryUsageStore } from '../../../src/adapters/persistence/memory/in-memory-usage-store.js';
import type { UsageCount } from '../../../src/domain/clients/usage.js';
import { lifecycleModel } from '../../fixtures/lifecycle-history.js';
import { date } from '../../fixtures/test-clock.js';
import { NEWEST_VERSION } from '../../fixtures/versions.js';

// The lifecycle history on 2026-11-22: 1.0.0, 2.0.0 and 2.1.0 deprecated; 3.0.0 and newer not; a 7-day report runs
// from 2026-11-16 to 2026-11-22.
const today = date('2026-11-22');

/** The reports over an in-memory store holding `stored` (in that order) and a counter holding `pending` (not yet flushed). */
async function reportsOf(stored: readonly UsageCount[], pending: readonly UsageCount[] = []): Promise<UsageReports> {
  const store = new InMemoryUsageStore();
  await store.add(stored);
  const counter = new UsageCounter(store);
  for (const { day, route, version, client, requests } of pending) for (let i = 0; i < requests; i += 1) counter.count(day, route, version, client);
  return new UsageReports(store, lifecycleModel(), counter);
}

function count(client: string, version: string, day: string, requests = 1, route = '/doggies/'): UsageCount {
  return { client, version, route, day, requests };
}

t.test("a client's report: its own counts of the window, stored and pending, and the day of its last request", async (t) => {
  const reports = await reportsOf(
    [count('shop', '3.0.0', '2026-11-20'), count('other', '3.0.0', '2026-11-20', 5), count('shop', '3.0.0', '2026-11-15', 7)],
    [
      count('shop', '3.0.0', '2026-11-16', 2, '/cats/'),
      count('shop', '3.0.0', '2026-11-22'),
      count('shop', '3.0.0', '2026-11-15', 11),
      count('shop', '3.0.0', '2026-11-23', 13),
      count('other', '3.0.0', '2026-11-21', 17),
    ],
  );
  const report = await reports.ofClient('shop', today, 7);
  t.same(report.from, '2026-11-16');
  t.same(
    report.versions,
    [
      {
        version: '3.0.0',
        requests: 4,
        last_request_on: '2026-11-22',
        deprecated_on: '2027-01-01',
        sunset_on: null,
        link: null,
        routes: { '/doggies/': 2, '/cats/': 2 },
      },
    ],
    "the first and last days counted, the days around them and another client's counts not",
  );
  const earlier = await (await reportsOf([count('shop', '3.0.0', '2026-11-21')], [count('shop', '3.0.0', '2026-11-18')])).ofClient('shop', today);
  t.equal(earlier.versions[0]?.last_request_on, '2026-11-21', 'the last day, though an earlier one is counted after it');
});

t.test("a client's report: deprecated versions first, then the newest first, none last; a version that declares no end", async (t) => {
  const reports = await reportsOf([
    count('shop', 'none', '2026-11-20'),
    count('shop', '4.0.0', '2026-11-20'),
    count('shop', NEWEST_VERSION, '2026-11-20'),
    count('shop', '2.1.0', '2026-11-20'),
  ]);
  const { versions } = await reports.ofClient('shop', today);
  t.same(
    versions.map(({ version }) => version),
    ['2.1.0', NEWEST_VERSION, '4.0.0', 'none'],
  );
  t.match(versions[1], { deprecated_on: null, sunset_on: null, link: null }, 'the newest declares neither deprecation nor sunset');
});

t.test("the operators' report: stored and pending counts of the window, of one version when given, ordered", async (t) => {
  const reports = await reportsOf(
    [
      count('a', '3.0.0', '2026-11-20'),
      count('b', '3.0.0', '2026-11-21', 4),
      count('c', '3.0.0', '2026-11-10', 50),
      count('d', '2.1.0', '2026-11-20', 2),
    ],
    [
      count('a', '3.0.0', '2026-11-16', 2),
      count('e', '3.0.0', '2026-11-22', 3),
      count('e', '3.0.0', '2026-11-15', 40),
      count('e', '3.0.0', '2026-11-23', 40),
      count('d', '2.1.0', '2026-11-19', 5),
    ],
  );
  t.same(
    await reports.all(today, 7),
    [
      { client: 'd', version: '2.1.0', requests: 7, last_request_on: '2026-11-20', deprecated: true },
      { client: 'b', version: '3.0.0', requests: 4, last_request_on: '2026-11-21', deprecated: false },
      { client: 'a', version: '3.0.0', requests: 3, last_request_on: '2026-11-20', deprecated: false },
      { client: 'e', version: '3.0.0', requests: 3, last_request_on: '2026-11-22', deprecated: false },
    ],
    'deprecated versions first, the most requests first; the first and last days counted, the days around them not',
  );
  t.same(
    (await reports.all(today, 7, '2.1.0')).map(({ client, requests }) => `${client} ${requests}`),
    ['d 7'],
    'one version: its stored and pending counts alone',
  );
  t.same(
    (await reports.all(today, 7, '3.0.0')).map(({ client, requests }) => `${client} ${requests}`),
    ['b 4', 'a 3', 'e 3'],
  );
});

t.test("each client's last request day: the latest of its stored counts, whatever their order", async (t) => {
  const reports = await reportsOf([count('shop', '3.0.0', '2026-11-21'), count('shop', '2.1.0', '2026-11-18'), count('app', '3.0.0', '2026-11-19')]);
  t.same(
    [...(await reports.lastRequestDays(today))],
    [
      ['shop', '2026-11-21'],
      ['app', '2026-11-19'],
    ],
  );
});
