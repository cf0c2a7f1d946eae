import { AggregatorRegistry, type Registry } from 'prom-client';
import type { MetricsSource } from './metrics-server.js';

/** In a worker: answer the primary's scrapes with this registry (prom-client's node:cluster messages). */
export function answerPrimaryScrapes(registry: Registry): void {
  // The constructor installs the worker's message listener; setRegistries names what it reports.
  new AggregatorRegistry();
  AggregatorRegistry.setRegistries([registry]);
}

/**
 * In the primary: each scrape asks every live worker for its metrics and sums them (counters and histograms add
 * up; the version metrics, alike in each worker, are taken once). A worker's counts leave with it when it dies,
 * which Prometheus's rate() reads as a counter reset.
 */
export function workersMetrics(): MetricsSource {
  const aggregator = new AggregatorRegistry();
  return { contentType: aggregator.contentType, metrics: () => aggregator.clusterMetrics() };
}
