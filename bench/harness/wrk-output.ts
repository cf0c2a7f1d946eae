import type { LoadResult } from './load-spec.js';

/** What the script's `done()` writes before its JSON, so that its line is told from wrk's own report. */
export const WRK_RESULT_PREFIX = 'wrk-result ';

/** The JSON line of the script's `done()`: wrk's summary, in microseconds, and the statuses counted by `response()`. */
interface WrkLine {
  readonly requests: number;
  readonly durationMicros: number;
  readonly p50Micros: number;
  readonly p99Micros: number;
  readonly errors: { readonly connect: number; readonly read: number; readonly write: number; readonly timeout: number; readonly status: number };
  readonly statuses: Readonly<Record<string, number>>;
}

/** The LoadResult in wrk's standard output (its report, then the script's line), or an error saying what is missing. */
export function wrkResult(stdout: string): LoadResult {
  const line = stdout.split('\n').find((text) => text.startsWith(WRK_RESULT_PREFIX));
  if (line === undefined) throw new Error(`wrk wrote no result line: ${JSON.stringify(stdout.slice(0, 500))}`);
  const parsed = JSON.parse(line.slice(WRK_RESULT_PREFIX.length)) as WrkLine;
  const { requests, durationMicros, p50Micros, p99Micros, errors, statuses } = parsed;
  const numbers = [requests, durationMicros, p50Micros, p99Micros, errors?.connect, errors?.read, errors?.write, errors?.timeout];
  if (!numbers.every((value) => Number.isFinite(value)) || typeof statuses !== 'object' || statuses === null || durationMicros <= 0)
    throw new Error(`wrk's result line lacks a figure: ${line}`);
  const seconds = durationMicros / 1e6;
  return {
    requests,
    seconds,
    requestsPerSecond: requests / seconds,
    p50: p50Micros / 1000,
    p99: p99Micros / 1000,
    // wrk counts every status over 399 as an error too; which statuses a run expects is for its caller, from `statuses`.
    errors: errors.connect + errors.read + errors.write,
    timeouts: errors.timeout,
    statuses,
  };
}

/** `4.1.0` from the first line of `wrk --version` (`wrk debian/4.1.0-3+b2 [epoll] Copyright …`, or `wrk 4.2.0 [epoll] …`). */
export function wrkVersion(output: string): string | undefined {
  return /^wrk \S*?(\d+\.\d+\.\d+)/.exec(output)?.[1];
}
