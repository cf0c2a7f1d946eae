import type { Aggregator, Metric, Registry } from 'prom-client';

/** One sample: its labels, its value, and its name when it differs from the metric's (a histogram's `_bucket`). */
export interface Sample {
  readonly metricName?: string;
  readonly labels: Readonly<Record<string, string | number>>;
  readonly value: number;
}

/** What a registry reads of a metric at each scrape (and what node:cluster's aggregation sums across workers). */
export interface ComputedMetricSpec {
  readonly name: string;
  readonly help: string;
  readonly type: 'counter' | 'histogram';
  /** The samples as they stand now; called only when scraped. */
  readonly samples: () => readonly Sample[];
}

/**
 * Registers a metric whose samples are computed at scrape time from counts the service keeps in flat arrays, so a
 * request only adds to a number: prom-client's own labelled children hash their labels on every `inc` and `observe`.
 */
export function registerComputedMetric(registry: Registry, { name, help, type, samples }: ComputedMetricSpec): void {
  const aggregator: Aggregator = 'sum';
  const metric = {
    name,
    help,
    type,
    aggregator,
    get: () => Promise.resolve({ name, help, type, aggregator, values: samples() }),
  };
  // The registry reads only `name` and `get()`; prom-client's type lists its own four classes.
  registry.registerMetric(metric as unknown as Metric);
}
