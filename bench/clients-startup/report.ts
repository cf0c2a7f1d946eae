import { median } from '../harness/results.js';
import { exponent } from '../harness/scenarios.js';

/** One start: the time it took, RSS once started, its peak, and the heap used after a full GC. */
export interface StartupReading {
  readonly ms: number;
  readonly rssBytes: number | undefined;
  readonly peakRssBytes: number | undefined;
  readonly heapUsedBytes: number;
}

/** Every start of one configuration; or, when it refused to start, why and how soon. */
export type StartupOutcome = { readonly readings: readonly StartupReading[] } | { readonly refusal: string; readonly ms: number };

/** What was started: the service to its listening line, or openPostgresClients alone in a process of its own. */
export type Measured = 'service' | 'openPostgresClients';

export interface StartupRow {
  readonly storage: 'memory' | 'postgres';
  readonly measured: Measured;
  readonly clients: number;
  /** The CLIENTS_FILE's size, in memory. */
  readonly fileBytes?: number;
  readonly outcome: StartupOutcome;
}

const mib = (bytes: number | undefined): string => (bytes === undefined ? 'n/a' : `${(bytes / 1024 / 1024).toFixed(1)} MiB`);
const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;
const MEASURED: Readonly<Record<Measured, string>> = {
  service: 'the service, to its "listening" line',
  openPostgresClients: 'openPostgresClients alone, in a process',
};

/** The medians of a configuration's starts (the highest peak), or undefined when it refused. */
export function summary(outcome: StartupOutcome): StartupReading | undefined {
  if ('refusal' in outcome) return undefined;
  const { readings } = outcome;
  const all = <T>(values: readonly (T | undefined)[]): values is readonly T[] => values.every((value) => value !== undefined);
  const rss = readings.map((reading) => reading.rssBytes);
  const peaks = readings.map((reading) => reading.peakRssBytes);
  return {
    ms: median(readings.map((reading) => reading.ms)),
    rssBytes: all(rss) ? median(rss) : undefined,
    peakRssBytes: all(peaks) ? Math.max(...peaks) : undefined,
    heapUsedBytes: median(readings.map((reading) => reading.heapUsedBytes)),
  };
}

const ORDER = ['memory service', 'postgres service', 'postgres openPostgresClients'];

/** The rows as a Markdown table: in memory, then the service on PostgreSQL, then openPostgresClients alone; fewest clients first. */
export function startupTable(rows: readonly StartupRow[]): string {
  const lines = [
    '| storage | measured | clients | start-up (median) | RSS after start | peak RSS | heap used after a full GC |',
    '|---|---|---:|---:|---:|---:|---:|',
  ];
  const place = (row: StartupRow): number => ORDER.indexOf(`${row.storage} ${row.measured}`);
  for (const row of [...rows].sort((a, b) => place(a) - place(b) || a.clients - b.clients)) {
    const clients = `${row.clients === 0 ? 'none' : exponent(row.clients)}${row.fileBytes === undefined ? '' : ` (file ${mib(row.fileBytes)})`}`;
    const head = `| ${row.storage} | ${MEASURED[row.measured]} | ${clients} |`;
    const median = summary(row.outcome);
    if (median === undefined && 'refusal' in row.outcome) {
      lines.push(`${head} refused after ${seconds(row.outcome.ms)}: ${row.outcome.refusal} | | | |`);
    } else if (median !== undefined) {
      lines.push(`${head} ${seconds(median.ms)} | ${mib(median.rssBytes)} | ${mib(median.peakRssBytes)} | ${mib(median.heapUsedBytes)} |`);
    }
  }
  return lines.join('\n');
}

/** For each storage and thing measured, what a client adds: the largest count that started against none. */
export function perClient(rows: readonly StartupRow[]): string[] {
  const lines: string[] = [];
  for (const storage of ['memory', 'postgres'] as const) {
    for (const measured of ['service', 'openPostgresClients'] as const) {
      const mine = rows.filter((row) => row.storage === storage && row.measured === measured);
      const noneRow = mine.find((row) => row.clients === 0);
      const largest = mine.filter((row) => row.clients > 0 && !('refusal' in row.outcome)).sort((a, b) => b.clients - a.clients)[0];
      const none = noneRow === undefined ? undefined : summary(noneRow.outcome);
      const most = largest === undefined ? undefined : summary(largest.outcome);
      if (none === undefined || largest === undefined || most === undefined) continue;
      const each = (value: number): number => value / largest.clients;
      lines.push(
        `${storage}, ${MEASURED[measured]}: ${exponent(largest.clients)} clients add ${seconds(most.ms - none.ms)} ` +
          `(${(each(most.ms - none.ms) * 1000).toFixed(1)} µs a client) and ${mib(most.heapUsedBytes - none.heapUsedBytes)} of heap ` +
          `(${Math.round(each(most.heapUsedBytes - none.heapUsedBytes))} bytes a client)` +
          (most.peakRssBytes === undefined || none.peakRssBytes === undefined ? '' : `, peak RSS ${mib(most.peakRssBytes - none.peakRssBytes)} more`),
      );
    }
  }
  return lines;
}
