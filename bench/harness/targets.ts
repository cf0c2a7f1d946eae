import type { MemoryResult, ScenarioResult, TargetResult } from './results.js';
import { ratioWithRuns } from './report.js';
import { exponent } from './scenarios.js';

const DETAIL_RATIO = 0.85;
const POSTGRES_RATIO = 0.8;
const LIST_RATIO = 0.8;
const PAGE_GROWTH = 1.2;
const MEMORY_GROWTH = 0.1;
const P99_MS = 10;

/** Each target of the issue, judged on this run's numbers; reported, never asserted. */
export function judgeTargets(scenarios: readonly ScenarioResult[], memory: MemoryResult | undefined, connections: number): TargetResult[] {
  const targets: TargetResult[] = [];
  for (const result of scenarios.filter((result) => result.scenario.target === 'detail')) {
    targets.push({
      target: `${result.scenario.name}: ≥ ${DETAIL_RATIO} × bare req/s`,
      value: ratioWithRuns(result),
      met: result.ratio >= DETAIL_RATIO,
    });
  }
  for (const result of scenarios.filter((result) => result.scenario.target === 'list')) {
    targets.push({ target: `${result.scenario.name}: ≥ ${LIST_RATIO} × bare req/s`, value: ratioWithRuns(result), met: result.ratio >= LIST_RATIO });
  }
  for (const result of scenarios.filter((result) => result.scenario.target === 'postgres')) {
    targets.push({
      target: `${result.scenario.name}: ≥ ${POSTGRES_RATIO} × the one-statement bare node:http + pg req/s`,
      value: ratioWithRuns(result),
      met: result.ratio >= POSTGRES_RATIO,
    });
  }
  for (const kind of ['detail', 'first page', 'deep page by Link next'] as const) {
    const runs = scenarios.filter((result) => result.scenario.postgres?.kind === kind).sort((a, b) => a.scenario.dataSize - b.scenario.dataSize);
    const [smallest, largest] = [runs[0], runs[runs.length - 1]];
    if (smallest === undefined || largest === undefined || smallest === largest) continue;
    const growth = smallest.service.requestsPerSecond / largest.service.requestsPerSecond;
    targets.push({
      target: `PG ${kind}: time per request with ${exponent(largest.scenario.dataSize)} dogs ≤ ${PAGE_GROWTH} × with ${exponent(smallest.scenario.dataSize)}`,
      value: `${growth.toFixed(2)} ×`,
      met: growth <= PAGE_GROWTH,
    });
  }
  for (const depth of ['first', 'deep'] as const) {
    const pages = scenarios.filter((result) => result.scenario.page?.depth === depth).sort((a, b) => a.scenario.dataSize - b.scenario.dataSize);
    const [smallest, largest] = [pages[0], pages[pages.length - 1]];
    if (smallest === undefined || largest === undefined || smallest === largest) continue;
    const growth = smallest.service.requestsPerSecond / largest.service.requestsPerSecond;
    targets.push({
      target: `${depth} page: time per request with ${exponent(largest.scenario.dataSize)} dogs ≤ ${PAGE_GROWTH} × with ${exponent(smallest.scenario.dataSize)}`,
      value: `${growth.toFixed(2)} ×`,
      met: growth <= PAGE_GROWTH,
    });
  }
  if (memory !== undefined) {
    targets.push({
      target: `memory flat: RSS after ${memory.last.requests} requests within ${MEMORY_GROWTH * 100} % of RSS after ${memory.first.requests}`,
      value: memory.growth === undefined ? 'unknown (no /proc)' : `${(memory.growth * 100).toFixed(1)} %`,
      met: memory.growth === undefined ? undefined : memory.growth <= MEMORY_GROWTH,
    });
    targets.push({
      target: `memory flat once settled: RSS after ${memory.last.requests} requests within ${MEMORY_GROWTH * 100} % of RSS after a tenth of them`,
      value: memory.settledGrowth === undefined ? 'unknown (no /proc)' : `${(memory.settledGrowth * 100).toFixed(1)} %`,
      met: memory.settledGrowth === undefined ? undefined : memory.settledGrowth <= MEMORY_GROWTH,
    });
    if (memory.bare !== undefined) {
      const { growth, settledGrowth } = memory.bare;
      const percent = (value: number | undefined): string => (value === undefined ? 'unknown' : `${(value * 100).toFixed(1)} %`);
      targets.push({
        target: 'for comparison, the bare server under the same mix: RSS growth from the first count, and once settled',
        value: `${percent(growth)}, ${percent(settledGrowth)}`,
        met: undefined,
      });
    }
  }
  const worst = [...scenarios].sort((a, b) => b.service.p99 - a.service.p99)[0];
  if (worst !== undefined) {
    targets.push({
      target: `p99 < ${P99_MS} ms at ${connections} connections, every scenario`,
      value: `worst ${worst.service.p99} ms (${worst.scenario.name})`,
      met: worst.service.p99 < P99_MS,
    });
  }
  return targets;
}
