import t from 'tap';
import { scenarioResult } from '../fixtures/scenario-result.js';
import { metricsCost, metricsGroup, withMetrics } from '../../bench/harness/metrics-variant.js';

const result = scenarioResult;

t.test('the metrics variant: the service with METRICS_PORT set, on the dog detail and the list of 100', async (t) => {
  t.same(withMetrics({ PORT: '0' }), { PORT: '0', METRICS_PORT: '0' }, 'a metrics listener on a free port');
  t.same(
    metricsGroup().scenarios.map((scenario) => scenario.name),
    ['dog detail 2.1.0 (2 transforms), METRICS_PORT set', 'dog list, page of 100 at 2.1.0, METRICS_PORT set'],
    'two scenarios, named apart',
  );
});

t.test("the metrics' cost: each side against the bare server measured beside it", async (t) => {
  const targets = metricsCost([
    result('dog detail', 20_000, 25_000, 15, 12),
    // Measured while the machine was twice as busy: the bare server halved too, so the cost is the ratio of ratios.
    result('dog detail, METRICS_PORT set', 9_000, 12_500, 16, 12),
    result('list', 10_000, 10_000, 20, 10),
    result('list, METRICS_PORT set', 5_000, 10_000, 40, 10),
    result('orphan, METRICS_PORT set', 1, 1, 1, 1),
  ]);
  t.same(
    targets.map(({ value, met }) => [value, met]),
    [
      ['0.90 × (0.80 → 0.72 × bare; CPU per request 1.07 × (1.25 → 1.33 × bare))', true],
      ['0.50 × (1.00 → 0.50 × bare; CPU per request 2.00 × (2.00 → 4.00 × bare))', false],
    ],
    'one figure per pair, none without its pair',
  );
});
