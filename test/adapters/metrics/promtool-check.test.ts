// Needs: /usr/bin/promtool
import { spawnSync } from 'node:child_process';
import type { Registry } from 'prom-client';
import t from 'tap';
import { externalTool, scrape, serveMetrics } from '../../fixtures/metrics.js';
import { acceptVersion, startService } from '../../fixtures/service.js';

const promtool = externalTool(t, 'promtool', 'prometheus');

if (promtool !== undefined) {
  t.test("promtool check metrics finds nothing in the service's metrics after mixed traffic", async (t) => {
    const service = await startService(t, { METRICS_PORT: '0', ACCESS_LOG: 'off' });
    const url = await serveMetrics(t, service.metrics as Registry);
    await fetch(`${service.url}/doggies/1/`, { headers: acceptVersion('2.1.0') });
    await fetch(`${service.url}/nope/`);
    await fetch(`${service.url}/cats/`, { method: 'DELETE' });
    const text = await scrape(url);
    const check = spawnSync(promtool, ['check', 'metrics'], { input: text, encoding: 'utf8' });
    t.equal(check.status, 0, 'exit 0', { stdout: check.stdout, stderr: check.stderr });
    t.equal(`${check.stdout}${check.stderr}`.trim(), '', 'no finding');
  });

  t.test('promtool does flag what was dropped: a gauge named _total', async (t) => {
    const text = '# HELP nodejs_active_handles_total Total.\n# TYPE nodejs_active_handles_total gauge\nnodejs_active_handles_total 3\n';
    const check = spawnSync(promtool, ['check', 'metrics'], { input: text, encoding: 'utf8' });
    t.match(`${check.stdout}${check.stderr}`, /non-counter metrics should not have "_total" suffix/, 'the finding the registry avoids');
  });
}
