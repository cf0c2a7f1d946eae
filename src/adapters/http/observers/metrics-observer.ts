import type { RequestMetrics } from './request-metrics.js';
import type { Exchange } from '../steps/exchange.js';
import type { RequestObserver } from './request-observer.js';

/** Counts each answered request in the process's metrics (METRICS_PORT). */
export class MetricsObserver implements RequestObserver {
  readonly timed = true;
  constructor(private readonly metrics: RequestMetrics) {}

  /** A brownout's 410 is counted at the version browned out, a retired version's at none: the two are told apart. */
  observe({ route, method, version, brownout }: Exchange, status: number, durationMs: number): void {
    this.metrics.observe(route, method, status, version ?? brownout, durationMs / 1000);
  }
}
