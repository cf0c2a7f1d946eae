// Needs: /usr/bin/prometheus
import type { Registry } from 'prom-client';
import { setTimeout as delay } from 'node:timers/promises';
import t from 'tap';
import { externalTool, serveMetrics } from '../fixtures/metrics.js';
import { startPrometheus } from '../fixtures/prometheus.js';
import { acceptVersion, startService } from '../fixtures/service.js';

t.setTimeout(120_000);
const prometheus = externalTool(t, 'prometheus', 'prometheus');
const QUERY = 'sum by (api_version) (http_server_requests_total)';

if (prometheus !== undefined) {
  t.test('a real Prometheus scrapes the service, and PromQL returns the counts sent per version', async (t) => {
    const service = await startService(t, { METRICS_PORT: '0', ACCESS_LOG: 'off' });
    const metricsUrl = await serveMetrics(t, service.metrics as Registry);
    const sent: Record<string, number> = { '1.0.0': 3, '2.1.0': 7, '5.0.0': 11 };
    for (const [version, count] of Object.entries(sent)) {
      for (let index = 0; index < count; index += 1) await fetch(`${service.url}/doggies/1/`, { headers: acceptVersion(version) });
    }
    for (let index = 0; index < 4; index += 1) await fetch(`${service.url}/doggies/`, { headers: acceptVersion('0.0.1') });
    const expected = { ...sent, none: 4 };

    const server = await startPrometheus(t, prometheus, [new URL(metricsUrl).host]);
    let answer: Record<string, number> = {};
    for (let attempt = 0; attempt < 150; attempt += 1) {
      const result = await server.query(QUERY);
      answer = Object.fromEntries(result.map(({ metric, value }) => [metric['api_version'] as string, Number(value[1])]));
      if (JSON.stringify(Object.entries(answer).sort()) === JSON.stringify(Object.entries(expected).sort())) break;
      await delay(200);
    }
    t.same(answer, expected, `${QUERY}: ${JSON.stringify(answer)}`, { prometheus: server.output });
    const up = await server.query('up{job="version-aware-api"}');
    t.equal(up[0]?.value[1], '1', 'the target is up');
    const info = await server.query('count(api_version_info)');
    t.equal(info[0]?.value[1], '6', 'api_version_info: six versions');
  });
}
