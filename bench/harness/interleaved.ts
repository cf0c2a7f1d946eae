import { median, type RunResult } from './results.js';

/**
 * Into how many turns a scenario's measured time is cut: turns of about a second, in each of which every server is
 * measured once (a slice). This machine's CPUs slow down by up to a third for a few seconds at a time; a server
 * measured for 5 s and then the other for 5 s meet different spells, while turns of a second meet the same ones.
 */
export function turnCount(durationSeconds: number): number {
  return Math.max(1, Math.floor(durationSeconds));
}

/**
 * The order of the servers, by index, turn after turn: as given, then in reverse (A B, B A, A B, …), so that a machine
 * growing slower or faster over the run falls on each server alike.
 */
export function turnOrder(servers: number, turns: number): number[][] {
  const order = Array.from({ length: servers }, (_, index) => index);
  return Array.from({ length: turns }, (_, turn) => (turn % 2 === 0 ? order : [...order].reverse()));
}

/**
 * One server's slices as one run: their requests over their seconds, the CPU per request over them all, the median of
 * their p50 and of their p99 (percentiles of separate runs cannot be merged; each slice's first moments, 50 new
 * connections to a server idle for a second, put a few ms into its tail on either server).
 */
export function joinedRun(slices: readonly RunResult[]): RunResult {
  if (slices.length === 0) throw new Error('a run has at least one slice');
  const requests = sum(slices.map((slice) => slice.requests));
  const seconds = sum(slices.map((slice) => slice.seconds));
  const statuses: Record<string, number> = {};
  for (const slice of slices) for (const [status, count] of Object.entries(slice.statuses)) statuses[status] = (statuses[status] ?? 0) + count;
  return {
    requests,
    seconds,
    requestsPerSecond: requests / seconds,
    p50: median(slices.map((slice) => slice.p50)),
    p99: median(slices.map((slice) => slice.p99)),
    errors: sum(slices.map((slice) => slice.errors)),
    timeouts: sum(slices.map((slice) => slice.timeouts)),
    statuses,
    cpuMicrosPerRequest: perRequest(slices, (slice) => slice.cpuMicrosPerRequest),
    databaseCpuMicrosPerRequest: perRequest(slices, (slice) => slice.databaseCpuMicrosPerRequest),
  };
}

/** A figure per request over all the slices, weighted by their requests; undefined unless every slice has it. */
function perRequest(slices: readonly RunResult[], figure: (slice: RunResult) => number | undefined): number | undefined {
  let total = 0;
  let requests = 0;
  for (const slice of slices) {
    const value = figure(slice);
    if (value === undefined) return undefined;
    total += value * slice.requests;
    requests += slice.requests;
  }
  return total / requests;
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}
