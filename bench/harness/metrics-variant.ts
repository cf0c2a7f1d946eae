import type { ScenarioResult, TargetResult } from './results.js';
import { REFERENCE_SCENARIOS, REFERENCE_SIZE, type ScenarioGroup } from './scenarios.js';

const SUFFIX = ', METRICS_PORT set';
/** The service with metrics on keeps at least this share of its requests per second without them. */
const METRICS_RATIO = 0.8;

/** The service's settings with metrics on: a metrics listener on a free port, scraped by nobody, so the cost measured is the counting. */
export function withMetrics(env: Record<string, string>): Record<string, string> {
  return { ...env, METRICS_PORT: '0' };
}

/** The dog detail at 2.1.0 and the list of 100 with REFERENCE_SIZE dogs, named apart, for a service with metrics on. */
export function metricsGroup(): ScenarioGroup {
  const picked = REFERENCE_SCENARIOS.filter((scenario) => scenario.name === 'dog detail 2.1.0 (2 transforms)' || scenario.target === 'list');
  return { size: REFERENCE_SIZE, scenarios: picked.map((scenario) => ({ ...scenario, name: `${scenario.name}${SUFFIX}` })) };
}

/** The metrics' cost: each scenario with metrics on against the same scenario on the service without them, in req/s and CPU per request. */
export function metricsCost(scenarios: readonly ScenarioResult[]): TargetResult[] {
  return scenarios
    .filter((result) => result.scenario.name.endsWith(SUFFIX))
    .flatMap((on) => {
      const name = on.scenario.name.slice(0, -SUFFIX.length);
      const off = scenarios.find((result) => result.scenario.name === name && result.scenario.dataSize === on.scenario.dataSize);
      if (off === undefined) return [];
      const ratio = on.service.requestsPerSecond / off.service.requestsPerSecond;
      const [cpuOn, cpuOff] = [on.service.cpuMicrosPerRequest, off.service.cpuMicrosPerRequest];
      const cpu = cpuOn === undefined || cpuOff === undefined ? '' : `, CPU ${cpuOff.toFixed(1)} → ${cpuOn.toFixed(1)} µs/request`;
      return [
        {
          target: `metrics' cost, ${name}: req/s with METRICS_PORT set ≥ ${METRICS_RATIO} × without`,
          value: `${ratio.toFixed(2)} × (${Math.round(on.service.requestsPerSecond)} vs ${Math.round(off.service.requestsPerSecond)} req/s${cpu})`,
          met: ratio >= METRICS_RATIO,
        },
      ];
    });
}
