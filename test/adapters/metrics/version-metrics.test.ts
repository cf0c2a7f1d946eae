import type { Registry } from 'prom-client';
import t from 'tap';
import { LIFECYCLE_TODAY, lifecycleModel } from '../../fixtures/lifecycle-history.js';
import { startWithModel } from '../../fixtures/lifecycle-service.js';
import { parseMetrics, samplesOf, scrape, serveMetrics, total } from '../../fixtures/metrics.js';
import { acceptVersion } from '../../fixtures/service.js';
import { TestClock } from '../../fixtures/test-clock.js';
import { versionsFrom } from '../../fixtures/versions.js';

t.test('versions with deprecations and sunsets: their info, sunset timestamps, and 410s counted', async (t) => {
  const clock = new TestClock(LIFECYCLE_TODAY);
  const service = await startWithModel(t, lifecycleModel(), clock, { METRICS_PORT: '0' });
  const port = service.port;
  const metricsUrl = await serveMetrics(t, service.metrics as Registry);

  const samples = parseMetrics(await scrape(metricsUrl));
  t.same(
    samplesOf(samples, 'api_version_info').map(({ labels }) => labels),
    [
      ...versionsFrom('4.0.0')
        .reverse()
        .map((version) => ({ api_version: version, deprecated: '', sunset: '' })),
      { api_version: '3.0.0', deprecated: '2027-01-01', sunset: '' },
      { api_version: '2.1.0', deprecated: '2026-06-01', sunset: '2026-12-01' },
      { api_version: '2.0.0', deprecated: '2026-03-01', sunset: '2026-11-22' },
      { api_version: '1.0.0', deprecated: '2026-01-01', sunset: '2026-06-01' },
    ],
    'api_version_info: every declared version, its dates or empty',
  );
  t.ok(
    samplesOf(samples, 'api_version_info').every((sample) => sample.value === 1),
    'each = 1',
  );
  t.same(
    samplesOf(samples, 'api_version_sunset_timestamp_seconds').map(({ labels, value }) => [labels['api_version'], value]),
    [
      ['2.1.0', Date.UTC(2026, 11, 1) / 1000],
      ['2.0.0', Date.UTC(2026, 10, 22) / 1000],
      ['1.0.0', Date.UTC(2026, 5, 1) / 1000],
    ],
    'the sunset day, midnight UTC, for the versions that have one',
  );

  for (const version of ['1.0.0', '2.0.0', '2.0.0', '2.1.0']) await fetch(`http://127.0.0.1:${port}/doggies/1/`, { headers: acceptVersion(version) });
  const after = parseMetrics(await scrape(metricsUrl));
  t.equal(
    total(after, 'http_server_requests_total', { status: '410', route: '/doggies/{id}/', api_version: 'none' }),
    3,
    'retired versions: 410, no version served',
  );
  t.equal(total(after, 'http_server_requests_total', { status: '200', api_version: '2.1.0' }), 1, 'a deprecated version still served');
});
