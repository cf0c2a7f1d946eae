import autocannon from 'autocannon';
import type { LoadResult, LoadSpec } from './load-spec.js';

/**
 * The load generator, run as its own process so it shares no event loop with either server: forked by
 * LoadGenerator, it takes one LoadSpec message at a time and answers each with a LoadResult message.
 */
let counter = 0;

async function run(spec: LoadSpec): Promise<LoadResult> {
  const requests: autocannon.Request[] = spec.requests.map(({ path, accept, ifNoneMatch, headers }) => ({
    method: 'GET',
    path,
    headers: { ...headers, accept, ...(ifNoneMatch === undefined ? {} : { 'if-none-match': ifNoneMatch }) },
  }));
  if (spec.uniqueVariants === true) {
    // A fresh Accept header (an extra range that loses; an unknown parameter would be a 406) and a fresh unknown path every time: no cache or table may grow with them.
    requests.push({
      method: 'GET',
      setupRequest: (request) => ({
        ...request,
        path: '/doggies/1/',
        headers: { accept: `application/json; version=2.1.0, text/n${(counter += 1)}` },
      }),
    });
    requests.push({
      method: 'GET',
      setupRequest: (request) => ({ ...request, path: `/nope-${(counter += 1)}/`, headers: { accept: 'application/json' } }),
    });
  }
  const result = await autocannon({
    url: spec.url,
    connections: spec.connections,
    pipelining: 1,
    timeout: 10,
    requests,
    ...(spec.amount === undefined ? { duration: spec.duration } : { amount: spec.amount }),
  });
  const statuses: Record<string, number> = {};
  for (const [status, { count = 0 }] of Object.entries(result.statusCodeStats ?? {})) statuses[status] = count;
  const answered = Object.values(statuses).reduce((sum, count) => sum + count, 0);
  return {
    requests: answered,
    seconds: result.duration,
    requestsPerSecond: answered / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    timeouts: result.timeouts,
    statuses,
  };
}

process.on('message', (spec: LoadSpec) => {
  void run(spec).then((result) => process.send?.(result));
});
