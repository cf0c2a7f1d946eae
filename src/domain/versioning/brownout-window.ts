import type { CalendarDate } from '../records/calendar-date.js';
import { parseUtcInstant } from '../records/utc-instant.js';

/** One brownout as a version's module declares it: UTC instants written `YYYY-MM-DDTHH:MM:SSZ`. */
export interface BrownoutDeclaration {
  readonly start: string;
  readonly end: string;
}

const FORM = 'write YYYY-MM-DDTHH:MM:SSZ (UTC), such as 2027-03-01T14:00:00Z';

/**
 * A short announced window before a version's removal in which it already answers 410, from `start` up to `end`
 * (excluded); the texts as declared, the instants in milliseconds since the epoch.
 */
export class BrownoutWindow implements BrownoutDeclaration {
  private constructor(
    readonly start: string,
    readonly end: string,
    readonly startMs: number,
    readonly endMs: number,
  ) {
    Object.freeze(this);
  }

  /**
   * The windows a version declares, ordered by start, or undefined with each problem pushed to `problems`, naming the
   * version (`where`) and the window: an instant not in the form, a window that does not end after it starts, one
   * that starts before the deprecation date or ends after the sunset, two that overlap or touch, or any brownout
   * without a deprecation (`deprecated` undefined; null when its date is wrong, already named).
   */
  static checkAll(
    where: string,
    declared: unknown,
    deprecated: CalendarDate | null | undefined,
    sunset: CalendarDate | undefined,
    problems: string[],
  ): readonly BrownoutWindow[] | undefined {
    if (!Array.isArray(declared)) {
      problems.push(`${where}: brownouts is not a list; write brownouts: [{ start: 'YYYY-MM-DDTHH:MM:SSZ', end: 'YYYY-MM-DDTHH:MM:SSZ' }]`);
      return undefined;
    }
    const before = problems.length;
    const instant = (field: string, text: unknown): number | undefined => {
      const parsed = typeof text === 'string' ? parseUtcInstant(text) : undefined;
      if (parsed === undefined) {
        problems.push(`${where}: ${field} ${text === undefined ? 'is missing' : `${JSON.stringify(text)} is not a UTC instant`}; ${FORM}`);
      }
      return parsed;
    };
    const windows: BrownoutWindow[] = [];
    declared.forEach((entry: { start?: unknown; end?: unknown } | null | undefined, index) => {
      const start = instant(`brownouts[${index}].start`, entry?.start);
      const end = instant(`brownouts[${index}].end`, entry?.end);
      if (start === undefined || end === undefined) return;
      const window = new BrownoutWindow(entry?.start as string, entry?.end as string, start, end);
      if (end <= start) problems.push(`${where}: brownout ${window.#name()} does not end after it starts; give it an end later than its start`);
      else windows.push(window);
    });
    if (declared.length > 0 && deprecated === undefined) {
      problems.push(
        `${where}: it has brownouts but no deprecation; declare deprecated: { on: 'YYYY-MM-DD' } on or before the day of the first, so clients are warned first`,
      );
    }
    windows.sort((a, b) => a.startMs - b.startMs);
    // Each against the earlier window that ends last, so that a window inside a long one is named too.
    let latest: BrownoutWindow | undefined;
    const [from, until] = [deprecated?.startMs() ?? -Infinity, sunset?.startMs() ?? Infinity];
    for (const window of windows) {
      if (window.startMs < from) {
        problems.push(
          `${where}: brownout ${window.#name()} starts before its deprecation ${String(deprecated)}; a brownout comes from 00:00 UTC of the deprecation date on`,
        );
      }
      if (window.endMs > until) {
        problems.push(
          `${where}: brownout ${window.#name()} ends after its sunset ${String(sunset)} (00:00 UTC); a brownout comes before the version is retired`,
        );
      }
      if (latest !== undefined && window.startMs <= latest.endMs) {
        problems.push(
          `${where}: brownouts ${latest.#name()} and ${window.#name()} ${window.startMs === latest.endMs ? 'touch' : 'overlap'}; merge them into one window, so that Retry-After names its end`,
        );
      }
      if (latest === undefined || window.endMs > latest.endMs) latest = window;
    }
    return problems.length > before ? undefined : Object.freeze(windows);
  }

  /** Whether `nowMs` is in the window. */
  contains(nowMs: number): boolean {
    return nowMs >= this.startMs && nowMs < this.endMs;
  }

  #name(): string {
    return `${this.start} to ${this.end}`;
  }
}
