import { Registry } from 'prom-client';
import t from 'tap';
import { MetricsServer } from '../../../src/adapters/metrics/metrics-server.js';
import { createMetricsRegistry } from '../../../src/adapters/metrics/metrics-registry.js';
import { serveMetrics } from '../../fixtures/metrics.js';
import { rawCall, rawHeader, type RawReply } from '../http/fixtures/http-client.js';

const statusOf = (reply: RawReply): number => Number(reply.statusLine.split(' ')[1]);

t.test('GET /metrics in the Prometheus text format; other paths 404, other methods 405, with a JSON detail', async (t) => {
  const url = await serveMetrics(t, createMetricsRegistry());
  const port = Number(new URL(url).port);
  const reply = await fetch(url);
  t.equal(reply.status, 200, 'GET /metrics');
  t.equal(reply.headers.get('content-type'), Registry.PROMETHEUS_CONTENT_TYPE, 'the text format 0.0.4');
  t.equal(reply.headers.get('cache-control'), 'no-store', 'never cached');
  t.match(await reply.text(), /^# HELP process_cpu_user_seconds_total /m, 'Node process metrics');
  t.equal((await fetch(`${url}?name[]=up`)).status, 200, 'a query string is ignored');
  const head = await rawCall(port, 'HEAD', '/metrics');
  t.equal(statusOf(head), 200, 'HEAD');
  t.equal(head.body, '', 'HEAD: no body');
  const cases: [string, string, number, string][] = [
    ['GET', '/', 404, 'Not found: metrics are served at /metrics.'],
    ['GET', '/metrics/', 404, 'Not found: metrics are served at /metrics.'],
    ['GET', '/doggies/', 404, 'Not found: metrics are served at /metrics.'],
    ['POST', '/metrics', 405, 'Method "POST" not allowed.'],
    ['DELETE', '/metrics', 405, 'Method "DELETE" not allowed.'],
  ];
  for (const [method, path, status, detail] of cases) {
    const answer = await rawCall(port, method, path);
    t.equal(statusOf(answer), status, `${method} ${path}: ${status}`);
    t.same(JSON.parse(answer.body), { detail }, `${method} ${path}: the detail`);
    if (status === 405) t.equal(rawHeader(answer, 'allow'), 'GET, HEAD', `${method}: Allow`);
  }
});

t.test('a scrape that fails (a worker not answering) is a 503 with a detail, and logged', async (t) => {
  const errors: string[] = [];
  const server = new MetricsServer(
    { contentType: Registry.PROMETHEUS_CONTENT_TYPE, metrics: () => Promise.reject(new Error('Operation timed out.')) },
    (message, error) => errors.push(`${message}: ${error.message}`),
  );
  const { port } = await server.listen(0, '127.0.0.1');
  t.teardown(() => server.stop());
  const reply = await fetch(`http://127.0.0.1:${port}/metrics`);
  t.equal(reply.status, 503, '503');
  t.same(await reply.json(), { detail: 'Metrics could not be collected; try again.' }, 'no stack, a detail');
  t.same(errors, ['metrics could not be collected: Operation timed out.'], 'the cause logged');
});

t.test('a port already taken is refused', async (t) => {
  const first = new MetricsServer(createMetricsRegistry(), () => {});
  const { port } = await first.listen(0, '127.0.0.1');
  t.teardown(() => first.stop());
  await t.rejects(new MetricsServer(createMetricsRegistry(), () => {}).listen(port, '127.0.0.1'), { code: 'EADDRINUSE' });
});
