import { AggregatorRegistry, type Registry } from 'prom-client';
import t from 'tap';
import { bearer, keyedClient, withClients } from '../../fixtures/clients.js';
import { parseMetrics, samplesOf, scrape, serveMetrics, total } from '../../fixtures/metrics.js';
import { acceptVersion, startService } from '../../fixtures/service.js';
import { ALL_VERSIONS, NEWEST_VERSION } from '../../fixtures/versions.js';

const legacy = keyedClient('legacy', '2.1.0');
const CLIENTS = [
  keyedClient('shop', '3.0.0'),
  keyedClient('billing', '3.0.0'),
  legacy,
  keyedClient('gone', '2.1.0', { revokedAt: Date.parse('2026-11-10T00:00:00Z') }),
  keyedClient('dropped', '0.9.0'),
];

/** Each declared version's pinned count, oldest first. */
function pinned(text: string): [string, number][] {
  return samplesOf(parseMetrics(text), 'api_clients_pinned')
    .map(({ labels, value }): [string, number] => [labels['api_version'] as string, value])
    .sort(([a], [b]) => ALL_VERSIONS.indexOf(a) - ALL_VERSIONS.indexOf(b));
}

/** Every declared version at 0 but those of `counts`, oldest first. */
function expected(counts: Record<string, number>): [string, number][] {
  return ALL_VERSIONS.map((version) => [version, counts[version] ?? 0]);
}

t.test('api_clients_pinned: the clients not revoked at each declared version, 0 included, as they stand at each scrape', async (t) => {
  const clients = withClients(CLIENTS);
  const service = await startService(t, { METRICS_PORT: '0' }, clients);
  const url = await serveMetrics(t, service.metrics as Registry);

  t.same(pinned(await scrape(url)), expected({ '3.0.0': 2, '2.1.0': 1 }), 'the revoked one and the pin to an undeclared version are not counted');
  t.notOk(
    samplesOf(parseMetrics(await scrape(url)), 'api_clients_pinned', { api_version: '0.9.0' }).length,
    'a pin to a version no longer declared adds no series',
  );

  const upgrade = await fetch(`${service.url}/client/version`, {
    method: 'PUT',
    body: JSON.stringify({ version: NEWEST_VERSION }),
    headers: { 'content-type': 'application/json', ...bearer(legacy.key) },
  });
  t.equal(upgrade.status, 200, 'legacy upgrades itself');
  await clients.repository.revoke('shop', Date.parse('2026-11-22T10:00:00Z'));
  await clients.repository.add(keyedClient('newcomer', '2.0.0').client);
  t.same(
    pinned(await scrape(url)),
    expected({ '3.0.0': 1, '2.0.0': 1, [NEWEST_VERSION]: 1 }),
    'the next scrape counts the clients as they now stand',
  );
});

t.test('no clients: every declared version at 0', async (t) => {
  const service = await startService(t, { METRICS_PORT: '0' }, withClients([]));
  t.same(pinned(await scrape(await serveMetrics(t, service.metrics as Registry))), expected({}), 'one series a version');
});

t.test("WORKERS: the primary's sum of the workers' registries takes the count once, not once a worker", async (t) => {
  const workers = await Promise.all([1, 2, 3].map(() => startService(t, { METRICS_PORT: '0', ACCESS_LOG: 'off' }, withClients(CLIENTS))));
  for (const worker of workers) await fetch(`${worker.url}/doggies/1/`, { headers: acceptVersion('3.0.0') });
  const reports = await Promise.all(workers.map(({ metrics }) => (metrics as Registry).getMetricsAsJSON()));
  const summed = await AggregatorRegistry.aggregate(reports).metrics();
  t.same(pinned(summed), expected({ '3.0.0': 2, '2.1.0': 1 }), 'as each worker says');
  t.equal(total(parseMetrics(summed), 'http_server_requests_total', { api_version: '3.0.0' }), 3, "while the workers' requests add up");
});
