// Needs: PostgreSQL
import type { Registry } from 'prom-client';
import t from 'tap';
import { testDatabase } from '../../../fixtures/postgres/test-database.js';
import { parseMetrics, samplesOf, scrape, serveMetrics, total } from '../../../fixtures/metrics.js';
import { startService } from '../../../fixtures/service.js';

const url = await testDatabase(t);

if (url !== undefined) {
  t.test('STORAGE=postgres: the pool and its statements', async (t) => {
    const service = await startService(t, { STORAGE: 'postgres', DATABASE_URL: url, DATABASE_POOL_SIZE: '3', METRICS_PORT: '0', ACCESS_LOG: 'off' });
    const metricsUrl = await serveMetrics(t, service.metrics as Registry);
    const before = parseMetrics(await scrape(metricsUrl));
    const statementsBefore = total(before, 'pg_statement_duration_seconds_count');
    const replies = await Promise.all(Array.from({ length: 12 }, () => fetch(`${service.url}/doggies/`)));
    t.ok(
      replies.every((reply) => reply.status === 200),
      'twelve lists answered',
    );
    const listed = total(parseMetrics(await scrape(metricsUrl)), 'pg_statement_duration_seconds_count');
    t.ok(listed - statementsBefore >= 12, `each list's statements timed (${listed - statementsBefore})`);
    await fetch(`${service.url}/health/`);
    const after = parseMetrics(await scrape(metricsUrl));
    t.equal(total(after, 'pg_statement_duration_seconds_count') - listed, 1, "the health check's one statement");
    t.ok(total(after, 'pg_statement_duration_seconds_sum') > 0, 'their seconds');
    const connections = total(after, 'pg_pool_connections');
    t.ok(connections >= 1 && connections <= 3, `connections within DATABASE_POOL_SIZE (${connections})`);
    t.equal(total(after, 'pg_pool_connections_idle'), connections, 'all idle between requests');
    t.equal(total(after, 'pg_pool_requests_waiting'), 0, 'none waiting');
    t.equal(
      samplesOf(after, 'pg_statement_duration_seconds_bucket', { le: '+Inf' })[0]?.value,
      total(after, 'pg_statement_duration_seconds_count'),
      'a histogram',
    );
  });
}
