import type { RequestMetrics } from './request-metrics.js';
import type { Exchange } from './exchange.js';
import type { RequestObserver } from './request-observer.js';

/** Counts each answered request in the process's metrics (METRICS_PORT). */
export class MetricsObserver implements RequestObserver {
  constructor(private readonly metrics: RequestMetrics) {}

  observe({ route, method, version }: Exchange, status: number, durationMs: number): void {
    this.metrics.observe(route, method, status, version, durationMs / 1000);
  }
}
