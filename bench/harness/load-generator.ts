import autocannon from 'autocannon';
import { UNIQUE_VARIANTS, type LoadResult, type LoadSpec } from './load-spec.js';

/**
 * autocannon, the load generator where wrk is missing and for a fixed number of requests, run as its own process so
 * it shares no event loop with either server: forked by LoadGenerator, it takes one LoadSpec message at a time and
 * answers each with a LoadResult message.
 */
let counter = 0;

async function run(spec: LoadSpec): Promise<LoadResult> {
  const requests: autocannon.Request[] = spec.requests.map(({ path, accept, ifNoneMatch, headers }) => ({
    method: 'GET',
    path,
    headers: { ...headers, accept, ...(ifNoneMatch === undefined ? {} : { 'if-none-match': ifNoneMatch }) },
  }));
  if (spec.uniqueVariants === true) {
    const { accept, path } = UNIQUE_VARIANTS;
    requests.push({
      method: 'GET',
      setupRequest: (request) => ({ ...request, path: accept.path, headers: { accept: `${accept.acceptPrefix}${(counter += 1)}` } }),
    });
    requests.push({
      method: 'GET',
      setupRequest: (request) => ({ ...request, path: `${path.pathPrefix}${(counter += 1)}/`, headers: { accept: path.accept } }),
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
