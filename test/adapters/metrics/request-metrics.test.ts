import type { Registry } from 'prom-client';
import t, { type Test } from 'tap';
import { acceptVersion, startService } from '../../fixtures/service.js';
import { parseMetrics, samplesOf, scrape, serveMetrics, total } from '../../fixtures/metrics.js';
import { rawCall } from '../http/fixtures/http-client.js';
import { SUPPORTED_VERSIONS } from '../../../src/domain/api-history/bundle.js';
import { NEWEST_VERSION } from '../../fixtures/versions.js';

const REQUESTS = 'http_server_requests_total';
const DURATION = 'http_server_request_duration_seconds';
/** Methods node's parser lets through to the handler (one it does not know is answered 400 before any route). */
const JUNK_METHODS = ['PURGE', 'PROPFIND', 'MKCOL', 'LOCK', 'SEARCH', 'PATCH', 'TRACE', 'COPY', 'MOVE', 'UNLOCK', 'REPORT', 'NOTIFY'];

async function started(t: Test) {
  const service = await startService(t, { METRICS_PORT: '0', ACCESS_LOG: 'off' });
  const metricsUrl = await serveMetrics(t, service.metrics as Registry);
  return { service, metricsUrl };
}

t.test('mixed traffic: counted by method, route template, status and the version served', async (t) => {
  const { service, metricsUrl } = await started(t);
  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    fetch(`${service.url}${path}`, { method, headers, redirect: 'manual' });
  for (let index = 0; index < 3; index += 1) await get('/doggies/1/', acceptVersion('2.1.0'));
  await get('/doggies/2/', acceptVersion('2.1.0'));
  await get('/doggies/?limit=5', acceptVersion('4.0.0'));
  await get('/doggies/');
  await get('/no/such/path/');
  await get('/doggies/', acceptVersion('9.9.9'));
  await get('/doggies/', { accept: 'text/html' });
  await get('/cats/', {}, 'DELETE');
  await get('/cats/', {}, 'OPTIONS');
  await rawCall(service.port, 'HEAD', '/cats/1/', { Accept: 'application/json; version=5.0.0' });
  await get('/health/');
  await get('/doggies');

  const samples = parseMetrics(await scrape(metricsUrl));
  const count = (labels: Record<string, string>) => total(samples, REQUESTS, labels);
  const cases: [Record<string, string>, number, string][] = [
    [{ method: 'GET', route: '/doggies/{id}/', status: '200', api_version: '2.1.0' }, 4, 'two records at 2.1.0, one series for the template'],
    [{ method: 'GET', route: '/doggies/', status: '200', api_version: '4.0.0' }, 1, 'a list at 4.0.0'],
    [{ method: 'GET', route: '/doggies/', status: '200', api_version: NEWEST_VERSION }, 1, `no version asked: the default, ${NEWEST_VERSION}`],
    [{ method: 'GET', route: 'unmatched', status: '404', api_version: 'none' }, 1, 'an unknown path'],
    [{ method: 'GET', route: '/doggies/', status: '406', api_version: 'none' }, 2, 'refused versions: none, never the raw value'],
    [{ method: 'other', route: '/cats/', status: '405', api_version: 'none' }, 1, 'DELETE is other'],
    [{ method: 'OPTIONS', route: '/cats/', status: '204', api_version: 'none' }, 1, 'OPTIONS'],
    [{ method: 'HEAD', route: '/cats/{id}/', status: '200', api_version: '5.0.0' }, 1, 'HEAD'],
    [{ method: 'GET', route: '/health/', status: '200', api_version: 'none' }, 1, 'an unversioned route'],
    [{ method: 'GET', route: 'unmatched', status: '301', api_version: 'none' }, 1, 'a redirect to the slash form'],
  ];
  for (const [labels, expected, message] of cases) t.equal(count(labels), expected, message);
  t.equal(count({}), 14, 'every request counted once');
  t.notOk(
    samplesOf(samples, REQUESTS).some((sample) => sample.labels['api_version'] === '9.9.9'),
    'the refused version is nowhere',
  );
  t.same(Object.keys(samplesOf(samples, REQUESTS)[0]?.labels ?? {}).sort(), ['api_version', 'method', 'route', 'status'], 'the four labels');

  t.equal(total(samples, `${DURATION}_count`), 14, 'every request timed');
  t.equal(total(samples, `${DURATION}_count`, { method: 'GET', route: '/doggies/{id}/', status: '2xx' }), 4, 'durations by status class');
  const buckets = samplesOf(samples, `${DURATION}_bucket`, { method: 'GET', route: '/doggies/{id}/', status: '2xx' });
  t.same(
    buckets.map((bucket) => bucket.labels['le']),
    ['0.0005', '0.001', '0.0025', '0.005', '0.01', '0.025', '0.05', '0.1', '0.25', '0.5', '1', '2.5', '5', '10', '+Inf'],
    'the buckets, +Inf last',
  );
  t.ok(
    buckets.every((bucket, index) => index === 0 || bucket.value >= (buckets[index - 1] as { value: number }).value),
    'cumulative',
  );
  t.equal(buckets.at(-1)?.value, 4, '+Inf holds them all');
  const sum = total(samples, `${DURATION}_sum`, { route: '/doggies/{id}/', status: '2xx' });
  t.ok(sum > 0 && sum < 10, `the seconds add up (${sum})`);
});

t.test('hundreds of junk paths, versions and methods add no series beyond the declared ones', async (t) => {
  const { service, metricsUrl } = await started(t);
  const junk = async (round: number) => {
    for (let index = 0; index < 150; index += 1) {
      const tag = `${round}-${index}`;
      await fetch(`${service.url}/junk-${tag}/${'x'.repeat(index % 7)}`);
      await fetch(`${service.url}/doggies/${tag}/`, { headers: acceptVersion(`${round + 10}.${index}.0`) });
      await fetch(`${service.url}/cats/`, { headers: { accept: `application/json; version=v${tag}` } });
      await rawCall(service.port, JUNK_METHODS[index % JUNK_METHODS.length] as string, `/doggies/?junk=${tag}`);
      await rawCall(service.port, 'PURGE', `/junk/${tag}`);
    }
  };
  await junk(1);
  const first = samplesOf(parseMetrics(await scrape(metricsUrl)), REQUESTS);
  await junk(2);
  const samples = parseMetrics(await scrape(metricsUrl));
  const second = samplesOf(samples, REQUESTS);
  t.equal(second.length, first.length, `the series stay ${first.length} after 750 more junk requests (methods, paths, versions)`);
  t.equal(total(samples, REQUESTS), 1500, 'every request counted');
  const routes = new Set(second.map((sample) => sample.labels['route']));
  t.same([...routes].sort(), ['/cats/', '/doggies/', '/doggies/{id}/', 'unmatched'].sort(), 'routes are templates or unmatched');
  const versions = new Set(second.map((sample) => sample.labels['api_version']));
  t.ok(
    [...versions].every((version) => version === 'none' || SUPPORTED_VERSIONS.includes(version as string)),
    'versions are supported ones or none',
  );
  t.same([...new Set(second.map((sample) => sample.labels['method']))].sort(), ['GET', 'other'], 'methods bounded');
  t.ok(second.length <= 12, `at most a handful of series (${second.length})`);
  t.ok(samplesOf(samples, `${DURATION}_count`).length <= 8, 'duration series bounded too');
});

t.test('Node process metrics, without the _total gauges promtool rejects; the version lifecycles', async (t) => {
  const { metricsUrl } = await started(t);
  const text = await scrape(metricsUrl);
  const samples = parseMetrics(text);
  t.ok(total(samples, 'process_cpu_user_seconds_total') > 0, 'process CPU');
  t.ok(samplesOf(samples, 'nodejs_heap_size_used_bytes').length === 1, 'heap');
  t.ok(samplesOf(samples, 'nodejs_active_handles').length > 0, 'active handles by type kept');
  t.notMatch(text, /nodejs_active_(handles|requests|resources)_total/, 'their _total sums dropped');
  t.same(
    samplesOf(samples, 'api_version_info').map(({ labels, value }) => ({ ...labels, value })),
    [...SUPPORTED_VERSIONS].map((version) => ({
      api_version: version,
      deprecated: version === '1.0.0' ? '2026-01-01' : '',
      sunset: '',
      value: 1,
    })),
    'api_version_info: one per version, newest first, with the reference history lifecycles',
  );
  t.same(samplesOf(samples, 'api_version_sunset_timestamp_seconds'), [], 'no sunset declared: no sunset timestamp');
  t.match(text, /# TYPE http_server_requests_total counter/, 'the counter is typed');
  t.match(text, /# TYPE http_server_request_duration_seconds histogram/, 'the histogram is typed');
});

t.test('without METRICS_PORT nothing is registered or counted', async (t) => {
  const service = await startService(t, { ACCESS_LOG: 'off' });
  t.equal(service.metrics, undefined, 'no registry');
  t.equal((await fetch(`${service.url}/metrics`)).status, 404, 'and no /metrics on the API port');
});

t.test('with metrics on, /metrics is never served on the API port', async (t) => {
  const { service } = await started(t);
  const reply = await fetch(`${service.url}/metrics`);
  t.equal(reply.status, 404, 'a 404 like any unknown path');
  t.same(await reply.json(), { detail: 'Not found.' }, 'the API error');
});
