import { inject, injectable } from 'inversify';
import type { Registry } from 'prom-client';
import type { Version } from '../../domain/versioning/version.js';
import { ApiRoutes } from '../http/api-routes.js';
import type { RequestMetrics } from '../http/observers/request-metrics.js';
import type { ServedRoute } from '../http/routing/route.js';
import { registerComputedMetric, type Sample } from './computed-metric.js';
import { METRICS_REGISTRY } from './metrics-registry.js';
import { routeTemplate } from './route-template.js';
import type { VersionModel } from '../../domain/versioning/version-model.js';
import { VERSION_MODEL } from '../../application/version-model-token.js';

/** The method label: the ones the API answers, and `other` for anything a client invents. */
export const METHOD_LABELS = ['GET', 'HEAD', 'OPTIONS', 'other'] as const;
export const STATUS_CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx'] as const;
/** Seconds; a request served from memory takes well under a millisecond, one from PostgreSQL a few. */
export const DURATION_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;
export const UNMATCHED_ROUTE = 'unmatched';
export const NO_VERSION = 'none';

function methodIndex(method: string): number {
  return method === 'GET' ? 0 : method === 'HEAD' ? 1 : method === 'OPTIONS' ? 2 : 3;
}

/**
 * `http_server_requests_total` and `http_server_request_duration_seconds`. Every label value comes from a fixed
 * list made at start (the routes' templates, four methods, the supported versions, the statuses the service
 * answers), so no client input can add a series; a request adds to two numbers found by index.
 */
@injectable()
export class PrometheusRequestMetrics implements RequestMetrics {
  readonly #routes = new Map<ServedRoute, number>();
  readonly #routeLabels: readonly string[];
  readonly #versions = new Map<string, number>();
  readonly #versionLabels: readonly string[];
  /** Request counts per status, each indexed by route, method and version. */
  readonly #counts = new Map<number, Float64Array>();
  /** Per route, method and status class: the requests in each bucket (not cumulative; +Inf last), and their seconds. */
  readonly #buckets: Float64Array;
  readonly #seconds: Float64Array;

  constructor(
    @inject(ApiRoutes) routes: Pick<ApiRoutes, 'all'>,
    @inject(VERSION_MODEL) model: Pick<VersionModel, 'lifecycles'>,
    @inject(METRICS_REGISTRY) registry: Registry,
  ) {
    const templates: string[] = [];
    for (const route of routes.all) {
      this.#routes.set(route, templates.length);
      templates.push(routeTemplate(route.pattern));
    }
    this.#routeLabels = [...templates, UNMATCHED_ROUTE];
    const versions = model.lifecycles.map(({ version }) => version.toString());
    versions.forEach((version, index) => this.#versions.set(version, index));
    this.#versionLabels = [...versions, NO_VERSION];
    const durationCells = this.#routeLabels.length * METHOD_LABELS.length * STATUS_CLASSES.length;
    this.#buckets = new Float64Array(durationCells * (DURATION_BUCKETS.length + 1));
    this.#seconds = new Float64Array(durationCells);
    registerComputedMetric(registry, {
      name: 'http_server_requests_total',
      help: 'Requests answered, by method, route template, status and the API version served (none when no version was chosen).',
      type: 'counter',
      samples: () => this.#requestSamples(),
    });
    registerComputedMetric(registry, {
      name: 'http_server_request_duration_seconds',
      help: 'Time from the request to its response handed to the connection, by method, route template and status class.',
      type: 'histogram',
      samples: () => this.#durationSamples(),
    });
  }

  observe(route: ServedRoute | undefined, method: string, status: number, version: Version | undefined, seconds: number): void {
    const routeIndex = route === undefined ? this.#routeLabels.length - 1 : (this.#routes.get(route) as number);
    const byRoute = routeIndex * METHOD_LABELS.length + methodIndex(method);
    const versionIndex = version === undefined ? this.#versionLabels.length - 1 : (this.#versions.get(version.toString()) as number);
    let counts = this.#counts.get(status);
    if (counts === undefined) {
      counts = new Float64Array(this.#routeLabels.length * METHOD_LABELS.length * this.#versionLabels.length);
      this.#counts.set(status, counts);
    }
    const countIndex = byRoute * this.#versionLabels.length + versionIndex;
    counts[countIndex] = (counts[countIndex] as number) + 1;
    const cell = byRoute * STATUS_CLASSES.length + Math.min(Math.max(Math.floor(status / 100) - 1, 0), 4);
    let bucket = 0;
    while (bucket < DURATION_BUCKETS.length && seconds > (DURATION_BUCKETS[bucket] as number)) bucket += 1;
    const bucketIndex = cell * (DURATION_BUCKETS.length + 1) + bucket;
    this.#buckets[bucketIndex] = (this.#buckets[bucketIndex] as number) + 1;
    this.#seconds[cell] = (this.#seconds[cell] as number) + seconds;
  }

  /** The route and method labels of an index made of route × method. */
  #routeAndMethod(byRoute: number): { method: string; route: string } {
    return {
      method: METHOD_LABELS[byRoute % METHOD_LABELS.length] as string,
      route: this.#routeLabels[Math.floor(byRoute / METHOD_LABELS.length)] as string,
    };
  }

  #requestSamples(): Sample[] {
    const samples: Sample[] = [];
    const versions = this.#versionLabels.length;
    for (const [status, counts] of [...this.#counts].sort(([a], [b]) => a - b)) {
      counts.forEach((value, index) => {
        if (value === 0) return;
        const labels = {
          ...this.#routeAndMethod(Math.floor(index / versions)),
          status,
          api_version: this.#versionLabels[index % versions] as string,
        };
        samples.push({ labels, value });
      });
    }
    return samples;
  }

  #durationSamples(): Sample[] {
    const samples: Sample[] = [];
    const width = DURATION_BUCKETS.length + 1;
    this.#seconds.forEach((sum, cell) => {
      const first = cell * width;
      const total = this.#buckets.subarray(first, first + width).reduce((a, b) => a + b, 0);
      if (total === 0) return;
      const labels = {
        ...this.#routeAndMethod(Math.floor(cell / STATUS_CLASSES.length)),
        status: STATUS_CLASSES[cell % STATUS_CLASSES.length] as string,
      };
      let cumulative = 0;
      DURATION_BUCKETS.forEach((le, bucket) => {
        cumulative += this.#buckets[first + bucket] as number;
        samples.push({ metricName: 'http_server_request_duration_seconds_bucket', labels: { ...labels, le }, value: cumulative });
      });
      samples.push({ metricName: 'http_server_request_duration_seconds_bucket', labels: { ...labels, le: '+Inf' }, value: total });
      samples.push({ metricName: 'http_server_request_duration_seconds_sum', labels, value: sum });
      samples.push({ metricName: 'http_server_request_duration_seconds_count', labels, value: total });
    });
    return samples;
  }
}
