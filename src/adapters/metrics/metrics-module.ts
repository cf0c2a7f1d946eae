import { ContainerModule } from 'inversify';
import type { Registry } from 'prom-client';
import { REQUEST_METRICS, type RequestMetrics } from '../http/observers/request-metrics.js';
import { MetricsObserver } from '../http/observers/metrics-observer.js';
import { REQUEST_OBSERVERS, type RequestObserver } from '../http/observers/request-observer.js';
import { METRICS_REGISTRY } from './metrics-registry.js';
import { PrometheusRequestMetrics } from './prometheus-request-metrics.js';

/** Binds the request metrics into `registry`; loaded only when METRICS_PORT is set, so the handler otherwise has none. */
export function metricsModule(registry: Registry): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind<Registry>(METRICS_REGISTRY).toConstantValue(registry);
    bind<RequestMetrics>(REQUEST_METRICS).to(PrometheusRequestMetrics).inSingletonScope();
    bind<RequestObserver>(REQUEST_OBSERVERS)
      .toResolvedValue((metrics: RequestMetrics) => new MetricsObserver(metrics), [REQUEST_METRICS])
      .inSingletonScope();
  });
}
