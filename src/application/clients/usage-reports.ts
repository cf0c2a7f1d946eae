import { inject, injectable } from 'inversify';
import { UsageCounter } from './usage-counter.js';
import { DAY_MS, CalendarDate } from '../../domain/records/calendar-date.js';

import { USAGE_STORE, type UsageStore } from '../ports/usage-store.js';
import type { VersionModel } from '../../domain/versioning/version-model.js';
import { VERSION_MODEL } from '../version-model-token.js';

/** How far back a report looks unless told otherwise. */
export const REPORT_DAYS = 30;

/** One version a client called, over the report's days (`GET /client/usage/`). */
export interface VersionUsage {
  readonly version: string;
  readonly requests: number;
  readonly last_request_on: string;
  readonly deprecated_on: string | null;
  readonly sunset_on: string | null;
  readonly link: string | null;
  readonly routes: Readonly<Record<string, number>>;
}

export interface ClientUsageReport {
  readonly from: string;
  readonly to: string;
  readonly versions: readonly VersionUsage[];
}

/** One row of the operators' report: a caller at a version over the days. */
export interface UsageReportRow {
  readonly client: string;
  readonly version: string;
  readonly requests: number;
  readonly last_request_on: string;
  readonly deprecated: boolean;
}

/** What the counts say: to a client, its own calls per version (this process's unstored ones too); to an operator, who still calls what. */
@injectable()
export class UsageReports {
  constructor(
    @inject(USAGE_STORE) private readonly store: Pick<UsageStore, 'read'>,
    @inject(VERSION_MODEL) private readonly model: Pick<VersionModel, 'lifecycles'>,
    /** This process's counter; a command that counts nothing passes one with nothing pending. */
    @inject(UsageCounter) private readonly counter: Pick<UsageCounter, 'pending'>,
  ) {}

  /** The client's requests of the last `days` days to `today`, per version, those deprecated by `today` first, then newest first. */
  async ofClient(client: string, today: CalendarDate, days = REPORT_DAYS): Promise<ClientUsageReport> {
    const { from, to } = window(today, days);
    // With this process's counts not yet stored: a client sees its last calls at once (another worker's within a flush).
    const stored = await this.store.read({ from, to, client });
    const pending = this.counter.pending().filter((count) => count.client === client && count.day >= from && count.day <= to);
    const counts = [...stored, ...pending];
    const versions = new Map<string, { requests: number; last: string; routes: Record<string, number> }>();
    for (const { version, route, day, requests } of counts) {
      let entry = versions.get(version);
      if (entry === undefined) versions.set(version, (entry = { requests: 0, last: day, routes: {} }));
      entry.requests += requests;
      if (day > entry.last) entry.last = day;
      entry.routes[route] = (entry.routes[route] ?? 0) + requests;
    }
    const usage = [...versions].map(([version, { requests, last, routes }]): VersionUsage => {
      const lifecycle = this.#lifecycleOf(version);
      return {
        version,
        requests,
        last_request_on: last,
        deprecated_on: lifecycle?.deprecated?.toString() ?? null,
        sunset_on: lifecycle?.sunset?.toString() ?? null,
        link: lifecycle?.deprecationLink ?? null,
        routes,
      };
    });
    return { from, to, versions: usage.sort((a, b) => this.#rank(a.version, today) - this.#rank(b.version, today)) };
  }

  /** Every caller's requests per version over the last `days` days (of one version when given; this process's unstored ones too), deprecated versions first. */
  async all(today: CalendarDate, days = REPORT_DAYS, version?: string): Promise<UsageReportRow[]> {
    const { from, to } = window(today, days);
    const rows = new Map<string, { client: string; version: string; requests: number; last: string }>();
    const stored = await this.store.read({ from, to, ...(version === undefined ? {} : { version }) });
    const pending = this.counter
      .pending()
      .filter((count) => count.day >= from && count.day <= to && (version === undefined || count.version === version));
    for (const count of [...stored, ...pending]) {
      const key = JSON.stringify([count.client, count.version]);
      const row = rows.get(key) ?? { client: count.client, version: count.version, requests: 0, last: count.day };
      row.requests += count.requests;
      if (count.day > row.last) row.last = count.day;
      rows.set(key, row);
    }
    const report = [...rows.values()].map(({ client, version: served, requests, last }) => ({
      client,
      version: served,
      requests,
      last_request_on: last,
      deprecated: this.#lifecycleOf(served)?.isDeprecatedOn(today) ?? false,
    }));
    return report.sort((a, b) => this.#rank(a.version, today) - this.#rank(b.version, today) || b.requests - a.requests);
  }

  /** The day of each client's last request in the last `days` days. */
  async lastRequestDays(today: CalendarDate, days = REPORT_DAYS): Promise<ReadonlyMap<string, string>> {
    const last = new Map<string, string>();
    for (const { client, day } of await this.store.read(window(today, days))) if (day > (last.get(client) ?? '')) last.set(client, day);
    return last;
  }

  #lifecycleOf(version: string) {
    return this.model.lifecycles.find((entry) => entry.version.toString() === version)?.lifecycle;
  }

  /** Where a version sorts: deprecated versions first, then the others, newest first within each; `none` last. */
  #rank(version: string, today: CalendarDate): number {
    const { lifecycles } = this.model;
    const index = lifecycles.findIndex((entry) => entry.version.toString() === version);
    if (index < 0) return 2 * lifecycles.length;
    return ((lifecycles[index] as (typeof lifecycles)[number]).lifecycle.isDeprecatedOn(today) ? 0 : lifecycles.length) + index;
  }
}

/** The `days` days that end on `today`, as YYYY-MM-DD. */
function window(today: CalendarDate, days: number): { from: string; to: string } {
  const from = CalendarDate.utcDateOf(new Date(today.startMs() - (days - 1) * DAY_MS));
  return { from: from.toString(), to: today.toString() };
}
