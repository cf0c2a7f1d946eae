import t from 'tap';
import { joinedRun, turnCount, turnOrder } from '../../bench/harness/interleaved.js';
import { pairedRatios, type RunResult } from '../../bench/harness/results.js';

const slice = (
  requests: number,
  p50: number,
  p99: number,
  cpu: number | undefined,
  statuses: Record<string, number> = { 200: requests },
): RunResult => ({
  requests,
  seconds: 1,
  requestsPerSecond: requests,
  p50,
  p99,
  errors: 0,
  timeouts: 0,
  statuses,
  cpuMicrosPerRequest: cpu,
});

t.test('turns of about a second, at least one', async (t) => {
  t.equal(turnCount(5), 5);
  t.equal(turnCount(2.5), 2, 'whole turns, each a little longer');
  t.equal(turnCount(0.3), 1, "the smoke run's short run is one turn");
});

t.test('the servers take turns in order, then in reverse', async (t) => {
  t.same(turnOrder(2, 4), [
    [0, 1],
    [1, 0],
    [0, 1],
    [1, 0],
  ]);
  t.same(turnOrder(3, 2), [
    [0, 1, 2],
    [2, 1, 0],
  ]);
  t.same(turnOrder(2, 1), [[0, 1]]);
});

t.test("a server's turns as one run", async (t) => {
  const run = joinedRun([slice(100, 1, 3, 10), slice(300, 2, 9, 30, { 200: 299, 503: 1 }), slice(200, 4, 5, 20)]);
  t.equal(run.requests, 600);
  t.equal(run.seconds, 3);
  t.equal(run.requestsPerSecond, 200, 'all requests over all seconds');
  t.equal(run.p50, 2, 'the median p50');
  t.equal(run.p99, 5, 'the median p99');
  t.equal(run.cpuMicrosPerRequest, (100 * 10 + 300 * 30 + 200 * 20) / 600, 'CPU per request over all requests');
  t.equal(run.databaseCpuMicrosPerRequest, undefined, 'no database figure when no turn has one');
  t.same(run.statuses, { 200: 599, 503: 1 }, 'statuses summed');
  t.equal(joinedRun([slice(1, 1, 1, 5), slice(1, 1, 1, undefined)]).cpuMicrosPerRequest, undefined, 'no CPU figure unless every turn has one');
  t.throws(() => joinedRun([]), Error, 'a run has a turn');
});

t.test('the ratios of turns: each service slice over the slice measured beside it', async (t) => {
  t.same(pairedRatios([slice(80, 1, 1, 1), slice(90, 1, 1, 1)], [slice(100, 1, 1, 1), slice(60, 1, 1, 1)]), [0.8, 1.5]);
  t.throws(() => pairedRatios([slice(1, 1, 1, 1)], []), Error, 'turns pair up');
});
