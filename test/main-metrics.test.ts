import { createServer } from 'node:net';
import { join } from 'node:path';
import t from 'tap';
import { parseMetrics, samplesOf, scrape, total } from './fixtures/metrics.js';
import { acceptVersion } from './fixtures/service.js';
import { runMain } from './fixtures/main-process.js';
import { keyedClient } from './fixtures/clients.js';
import { SUPPORTED_VERSIONS } from '../src/domain/api-history/bundle.js';
import { writeClientsFile } from '../src/adapters/persistence/memory/clients-file.js';

t.test('one process: the metrics listener on a port of its own, stopped with the service', async (t) => {
  const service = runMain(t, { METRICS_PORT: '0', ACCESS_LOG: 'off' });
  const [listening] = (await service.lines('listening')) ?? [];
  const [metrics] = (await service.lines('metrics listening')) ?? [];
  t.ok(listening && metrics, 'both listen', { stderr: service.stderr });
  const api = String(listening?.['url']);
  const url = String(metrics?.['url']);
  t.match(url, /^http:\/\/127\.0\.0\.1:\d+\/metrics$/, 'on loopback, at /metrics');
  t.not(new URL(url).port, new URL(api).port, 'not the API port');
  t.equal(metrics?.['pid'], listening?.['pid'], 'served by the process itself');
  for (let index = 0; index < 5; index += 1) await fetch(`${api}/doggies/1/`, { headers: acceptVersion('3.0.0') });
  t.equal(total(parseMetrics(await scrape(url)), 'http_server_requests_total', { api_version: '3.0.0' }), 5, 'five counted');
  service.child.kill('SIGTERM');
  t.strictSame(await service.finished(), { code: 0, signal: null }, 'SIGTERM: exit 0, the metrics listener closed too');
});

t.test('WORKERS=2: one scrape of the primary sums every worker', async (t) => {
  const clientsFile = join(t.testdir(), 'clients.json');
  await writeClientsFile(clientsFile, [keyedClient('shop', '3.0.0').client, keyedClient('billing', '3.0.0').client]);
  const service = runMain(t, { WORKERS: '2', METRICS_PORT: '0', ACCESS_LOG: 'off', CLIENTS_FILE: clientsFile });
  const listening = (await service.lines('listening', 2)) ?? [];
  const [metrics] = (await service.lines('metrics listening')) ?? [];
  t.equal(listening.length, 2, 'two workers listen', { stderr: service.stderr });
  t.equal(metrics?.['pid'], service.child.pid, 'the primary serves the metrics');
  const api = String(listening[0]?.['url']);
  const requests = 300;
  const replies = await Promise.all(
    Array.from({ length: requests }, (_, index) =>
      fetch(`${api}/doggies/${(index % 3) + 1}/`, { headers: acceptVersion(index % 2 === 0 ? '2.1.0' : '5.0.0') }),
    ),
  );
  t.ok(
    replies.every((reply) => reply.status === 200),
    'all answered',
  );
  const samples = parseMetrics(await scrape(String(metrics?.['url'])));
  t.equal(total(samples, 'http_server_requests_total'), requests, `${requests} requests counted across the workers`);
  t.equal(total(samples, 'http_server_requests_total', { api_version: '2.1.0' }), requests / 2, 'half at 2.1.0');
  t.equal(total(samples, 'http_server_request_duration_seconds_count'), requests, 'and timed');
  t.ok(
    samplesOf(samples, 'api_version_info').every((sample) => sample.value === 1),
    'the version info is not summed',
  );
  t.equal(samplesOf(samples, 'api_version_info').length, SUPPORTED_VERSIONS.length, 'one per version');
  t.equal(total(samples, 'api_clients_pinned', { api_version: '3.0.0' }), 2, 'the clients pinned, counted by each worker, not summed');
  t.equal(samplesOf(samples, 'api_clients_pinned').length, SUPPORTED_VERSIONS.length, 'one series per version');
  t.ok(total(samples, 'process_cpu_user_seconds_total') > 0, "the workers' process metrics, summed");
  service.child.kill('SIGTERM');
  t.strictSame(await service.finished(), { code: 0, signal: null }, 'SIGTERM: exit 0');
});

t.test('a METRICS_PORT already taken refuses the start, with one process or with workers', async (t) => {
  const taken = createServer();
  await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
  t.teardown(() => taken.close());
  const port = String((taken.address() as { port: number }).port);
  for (const workers of ['1', '2']) {
    const service = runMain(t, { WORKERS: workers, METRICS_PORT: port, ACCESS_LOG: 'off' });
    t.strictSame(await service.finished(), { code: 1, signal: null }, `WORKERS=${workers}: exit 1`);
    t.ok(
      service.stderr.some((line) =>
        line.startsWith(`Refusing to start: cannot listen on METRICS_HOST=127.0.0.1 METRICS_PORT=${port}: listen EADDRINUSE`),
      ),
      `WORKERS=${workers}: says why`,
      { stderr: service.stderr },
    );
  }
});
