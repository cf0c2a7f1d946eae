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

/**
 * The metrics' cost: each scenario with metrics on against the same scenario without, each read as its ratio to the
 * bare server measured beside it, so that a machine busier during one group than the other cancels out.
 */
export function metricsCost(scenarios: readonly ScenarioResult[]): TargetResult[] {
  return scenarios
    .filter((result) => result.scenario.name.endsWith(SUFFIX))
    .flatMap((on) => {
      const name = on.scenario.name.slice(0, -SUFFIX.length);
      const off = scenarios.find((result) => result.scenario.name === name && result.scenario.dataSize === on.scenario.dataSize);
      if (off === undefined) return [];
      const ratio = on.ratio / off.ratio;
      const cpu =
        on.cpuRatio === undefined || off.cpuRatio === undefined
          ? ''
          : `; CPU per request ${(on.cpuRatio / off.cpuRatio).toFixed(2)} × (${off.cpuRatio.toFixed(2)} → ${on.cpuRatio.toFixed(2)} × bare)`;
      return [
        {
          target: `metrics' cost, ${name}: with METRICS_PORT set ≥ ${METRICS_RATIO} × without (req/s, each against its bare server)`,
          value: `${ratio.toFixed(2)} × (${off.ratio.toFixed(2)} → ${on.ratio.toFixed(2)} × bare${cpu})`,
          met: ratio >= METRICS_RATIO,
        },
      ];
    });
}
