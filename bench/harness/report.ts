import type { BenchResults, Machine, Measured, RatioRange, RssReading, ScenarioResult } from './results.js';
import { exponent } from './scenarios.js';

const number = (value: number): string => Math.round(value).toLocaleString('en-US');
const micros = (value: number | undefined): string => (value === undefined ? 'n/a' : `${value.toFixed(0)} µs`);
const times = (value: number | undefined): string => (value === undefined ? 'n/a' : `${value.toFixed(2)} ×`);
const ratioRange = ({ min, max }: RatioRange): string => `${min.toFixed(2)}–${max.toFixed(2)}`;
/** The median ratio, then the range of single runs: `0.72 (runs 0.63–0.81)`. */
export const ratioWithRuns = (result: ScenarioResult): string => `${result.ratio.toFixed(2)} (runs ${ratioRange(result.runRatios)})`;
const mib = (bytes: number | undefined): string => (bytes === undefined ? 'n/a' : `${(bytes / 1024 / 1024).toFixed(0)} MiB`);

export function machineLine(machine: Machine): string {
  return `${machine.cpus} cores (${machine.cpuModel}), Node ${machine.node}, ${machine.os}`;
}

/** One human-readable line for a measured scenario. */
export function scenarioLine(result: ScenarioResult): string {
  const side = (measured: Measured): string =>
    `${number(measured.requestsPerSecond).padStart(7)} req/s p50 ${measured.p50} ms p99 ${measured.p99} ms ${micros(measured.cpuMicrosPerRequest)} CPU/req` +
    (measured.databaseCpuMicrosPerRequest === undefined ? '' : ` + PostgreSQL ${micros(measured.databaseCpuMicrosPerRequest)}`);
  const second =
    result.secondBare === undefined
      ? ''
      : ` | ${result.secondBare.name} ${side(result.secondBare.measured)} | ratio to it ${result.secondBare.ratio.toFixed(2)}`;
  return `${result.scenario.name.padEnd(46)} service ${side(result.service)} | bare ${side(result.bare)} | ratio ${ratioWithRuns(result)}, CPU ${times(result.cpuRatio)}${second}`;
}

/** The results as the Markdown of the README's Performance section. */
export function markdown(results: BenchResults): string {
  const lines = [
    `Machine: ${machineLine(results.machine)}. ${results.date.slice(0, 10)}. Load generator: ${results.loadGenerator}.`,
    '',
    '| scenario | service req/s | p50 ms | p99 ms | bare req/s | bare p99 ms | ratio | ratio per run | service CPU/req | bare CPU/req |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...results.scenarios
      .filter((result) => result.scenario.postgres === undefined)
      .map(
        (result) =>
          `| ${result.scenario.name} | ${number(result.service.requestsPerSecond)} | ${result.service.p50} | ${result.service.p99} | ` +
          `${number(result.bare.requestsPerSecond)} | ${result.bare.p99} | ${result.ratio.toFixed(2)} | ${ratioRange(result.runRatios)} | ` +
          `${micros(result.service.cpuMicrosPerRequest)} | ${micros(result.bare.cpuMicrosPerRequest)} |`,
      ),
    ...besideTable(results.scenarios.filter((result) => result.scenario.postgres === undefined && result.secondBare !== undefined)),
    ...postgresTable(results.scenarios.filter((result) => result.scenario.postgres !== undefined)),
    '',
    '| dogs in memory | start-up (median of its processes) | peak RSS (the highest of its processes) |',
    '|---:|---:|---:|',
    ...results.services.map(
      (service) => `| ${exponent(service.dataSize)} | ${(service.startupMs / 1000).toFixed(2)} s | ${mib(service.peakRssBytes)} |`,
    ),
  ];
  if (results.memory !== undefined) {
    const readings = (series: readonly RssReading[]): string =>
      series.map((reading) => `${number(reading.requests)}: ${mib(reading.rssBytes)}`).join(', ');
    lines.push('', `Memory, RSS after so many requests: ${readings(results.memory.series)}.`);
    if (results.memory.bare !== undefined) lines.push('', `The bare server under the same mix: ${readings(results.memory.bare.series)}.`);
  }
  lines.push('', '| target | this run | met |', '|---|---|---|');
  for (const target of results.targets) {
    lines.push(`| ${target.target} | ${target.value} | ${target.met === undefined ? 'n/a' : target.met ? 'yes' : 'no'} |`);
  }
  return lines.join('\n');
}

/** The in-memory scenarios measured beside a second server too (the invoicing team's own, unversioned): the service's ratio to it. */
function besideTable(scenarios: readonly ScenarioResult[]): string[] {
  if (scenarios.length === 0) return [];
  return [
    '',
    '| scenario | beside it | its req/s | its CPU/req | ratio to it |',
    '|---|---|---:|---:|---:|',
    ...scenarios.map(({ scenario, secondBare: second }) =>
      second === undefined
        ? ''
        : `| ${scenario.name} | ${second.name} | ${number(second.measured.requestsPerSecond)} | ${micros(second.measured.cpuMicrosPerRequest)} | ${second.ratio.toFixed(2)} |`,
    ),
  ];
}

/** The PostgreSQL scenarios: each process's CPU per request, PostgreSQL's backends apart. */
function postgresTable(scenarios: readonly ScenarioResult[]): string[] {
  if (scenarios.length === 0) return [];
  return [
    '',
    '| PostgreSQL scenario | service req/s | p99 ms | bare req/s (one statement) | bare p99 ms | ratio | ratio per run | service CPU/req: node + PostgreSQL | bare CPU/req: node + PostgreSQL | two-statement bare req/s | ratio to it |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...scenarios.map(
      (result) =>
        `| ${result.scenario.name} | ${number(result.service.requestsPerSecond)} | ${result.service.p99} | ${number(result.bare.requestsPerSecond)} | ` +
        `${result.bare.p99} | ${result.ratio.toFixed(2)} | ${ratioRange(result.runRatios)} | ` +
        `${micros(result.service.cpuMicrosPerRequest)} + ${micros(result.service.databaseCpuMicrosPerRequest)} | ` +
        `${micros(result.bare.cpuMicrosPerRequest)} + ${micros(result.bare.databaseCpuMicrosPerRequest)} | ` +
        (result.secondBare === undefined
          ? 'n/a | n/a |'
          : `${number(result.secondBare.measured.requestsPerSecond)} | ${result.secondBare.ratio.toFixed(2)} |`),
    ),
  ];
}
