import { collectDefaultMetrics, Registry } from 'prom-client';

export const METRICS_REGISTRY = Symbol.for('MetricsRegistry');

/**
 * prom-client's defaults that promtool rejects: gauges named `_total`, a suffix Prometheus keeps for counters. Each
 * is the sum of a gauge it also exports by type (`nodejs_active_handles{type}`), so dropping them loses nothing.
 */
export const DROPPED_DEFAULT_METRICS = ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total'];

/** A registry of this process's own (never prom-client's global one), with Node's process metrics. */
export function createMetricsRegistry(): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  for (const name of DROPPED_DEFAULT_METRICS) registry.removeSingleMetric(name);
  return registry;
}
