import type { LoadResult } from './load-spec.js';

/** One measured run, with the CPU time the server used per request (robust on a shared machine). */
export interface RunResult extends LoadResult {
  readonly cpuMicrosPerRequest: number | undefined;
  /** With PostgreSQL: the CPU time of the database's backends per request (from /proc). */
  readonly databaseCpuMicrosPerRequest?: number | undefined;
}
import type { Scenario } from './scenarios.js';

/** The medians of the repetitions of one scenario on one server. */
export interface Measured {
  readonly requestsPerSecond: number;
  /** Median CPU time of the server process per request, in microseconds; undefined without /proc. */
  readonly cpuMicrosPerRequest: number | undefined;
  /** Median CPU time of PostgreSQL's backends per request, in microseconds; undefined without a database or /proc. */
  readonly databaseCpuMicrosPerRequest?: number | undefined;
  readonly p50: number;
  readonly p99: number;
  readonly runs: readonly RunResult[];
}

export interface ScenarioResult {
  readonly scenario: Scenario & { readonly dataSize: number };
  readonly service: Measured;
  readonly bare: Measured;
  /** The median, over every turn of every repetition, of the service's requests per second over the bare server's in the same turn. */
  readonly ratio: number;
  /**
   * The lowest and highest ratio of one service run to the bare run measured right after it: how far the
   * machine's noise moves a single comparison, to read the median by.
   */
  readonly runRatios: RatioRange;
  /** The service's median CPU time per request over the bare server's. */
  readonly cpuRatio: number | undefined;
  /**
   * A second server measured beside the bare one (PostgreSQL's two-statement bare server, the invoicing team's own
   * server before versioning), named as the report prints it, and the service's ratio to it.
   */
  readonly secondBare?: { readonly name: string; readonly measured: Measured; readonly ratio: number };
}

export interface RatioRange {
  readonly min: number;
  readonly max: number;
}

/** The service processes of one group, one per repetition. */
export interface ServiceResult {
  readonly dataSize: number;
  /** The median over the processes. */
  readonly startupMs: number;
  /** The highest over the processes. */
  readonly peakRssBytes: number | undefined;
  readonly requestsServed: number;
  readonly accessLogLines: number;
}

export interface RssReading {
  readonly requests: number;
  readonly rssBytes: number | undefined;
}

/** RSS of one server after counts of the memory mix. */
export interface MemorySeries {
  readonly first: RssReading;
  readonly last: RssReading;
  /** RSS after the last count over RSS after the first, minus one. */
  readonly growth: number | undefined;
  /** RSS after every tenth of the last count, to tell a heap settling to its size from growth per request. */
  readonly series: readonly RssReading[];
  /** RSS after the last count over RSS after a tenth of it, minus one: the growth once the heap has settled. */
  readonly settledGrowth: number | undefined;
}

/** The service's series, and the bare server's under the same mix, for the limit of this stack. */
export interface MemoryResult extends MemorySeries {
  readonly dataSize: number;
  readonly bare?: MemorySeries;
}

export interface TargetResult {
  readonly target: string;
  readonly value: string;
  readonly met: boolean | undefined;
}

export interface Machine {
  readonly cpus: number;
  readonly cpuModel: string;
  readonly node: string;
  readonly os: string;
}

export interface BenchResults {
  readonly date: string;
  readonly machine: Machine;
  /** What sent the loads: `wrk 4.1.0 …`, or `autocannon (wrk not installed)`. */
  readonly loadGenerator: string;
  readonly options: object;
  readonly scenarios: readonly ScenarioResult[];
  readonly services: readonly ServiceResult[];
  readonly memory: MemoryResult | undefined;
  readonly targets: readonly TargetResult[];
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

export function medians(runs: readonly RunResult[]): Measured {
  const cpu = runs.map((run) => run.cpuMicrosPerRequest);
  const database = runs.map((run) => run.databaseCpuMicrosPerRequest);
  return {
    requestsPerSecond: median(runs.map((run) => run.requestsPerSecond)),
    cpuMicrosPerRequest: cpu.every((value) => value !== undefined) ? median(cpu) : undefined,
    databaseCpuMicrosPerRequest: database.every((value) => value !== undefined) ? median(database) : undefined,
    p50: median(runs.map((run) => run.p50)),
    p99: median(runs.map((run) => run.p99)),
    runs,
  };
}

/** Each service run's requests per second over those of the other server's run paired with it (the same repetition, or the same turn). */
export function pairedRatios(serviceRuns: readonly RunResult[], otherRuns: readonly RunResult[]): number[] {
  if (serviceRuns.length !== otherRuns.length) throw new Error('runs come in pairs, one of each server');
  return serviceRuns.map((run, index) => run.requestsPerSecond / (otherRuns[index] as RunResult).requestsPerSecond);
}

/** The lowest and highest of the paired ratios of the repetitions. */
export function runRatioRange(serviceRuns: readonly RunResult[], bareRuns: readonly RunResult[]): RatioRange {
  if (serviceRuns.length === 0) throw new Error('no runs, no range');
  const ratios = pairedRatios(serviceRuns, bareRuns);
  return { min: Math.min(...ratios), max: Math.max(...ratios) };
}
