import { AggregatorRegistry, type Registry } from 'prom-client';
import type { MetricsSource } from './metrics-server.js';

/**
 * In a worker: answer the primary's scrapes (prom-client's node:cluster messages) with this registry, or with
 * nothing while the worker is still starting, so that a scrape then need not wait for it to time out.
 */
export function answerPrimaryScrapes(registry?: Registry): void {
  // The constructor installs the worker's message listener (once); setRegistries names what it reports.
  new AggregatorRegistry();
  AggregatorRegistry.setRegistries(registry === undefined ? [] : [registry]);
}

/**
 * In the primary: each scrape asks every live worker for its metrics and sums them (counters and histograms add
 * up; the version metrics, alike in each worker, are taken once, and the clients pinned at their largest). A
 * worker's counts leave with it when it dies, which Prometheus's rate() reads as a counter reset. A worker that does
 * not answer within 5 s (one still loading its code) makes that scrape fail.
 */
export function workersMetrics(): MetricsSource {
  const aggregator = new AggregatorRegistry();
  return { contentType: aggregator.contentType, metrics: () => aggregator.clusterMetrics() };
}
