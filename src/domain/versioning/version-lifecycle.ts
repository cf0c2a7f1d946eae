import { CalendarDate } from '../records/calendar-date.js';
import { BrownoutWindow, type BrownoutDeclaration } from './brownout-window.js';
import type { Version } from './version.js';

/** What a version's module may declare of its end: when it is deprecated (and where that is explained), its brownouts and its sunset. */
export interface LifecycleDeclaration {
  /** From this UTC date (`YYYY-MM-DD`) on, clients are told to move; `link` is an absolute https URL of a page explaining the move. */
  readonly deprecated?: { readonly on: string; readonly link?: string };
  /** From this UTC date (`YYYY-MM-DD`) on, the version is no longer served (410): on or after `deprecated.on`. */
  readonly sunset?: string;
  /** Windows from the deprecation date on, before the sunset, in which the version already answers 410; none may overlap. */
  readonly brownouts?: readonly BrownoutDeclaration[];
}

/** A version's declared deprecation, brownouts and sunset, checked: what the headers, the changelog and the 410s are made from. */
/** A version and what it declares of its end. */
export interface VersionWithLifecycle {
  readonly version: Version;
  readonly lifecycle: VersionLifecycle;
}

export class VersionLifecycle {
  private constructor(
    readonly deprecated: CalendarDate | null,
    readonly deprecationLink: string | null,
    readonly sunset: CalendarDate | null,
    /** Ordered by start. */
    readonly brownouts: readonly BrownoutWindow[],
  ) {
    Object.freeze(this);
  }

  /** A version that declares none of them. */
  static readonly SUPPORTED = new VersionLifecycle(null, null, null, Object.freeze([]));

  /**
   * The lifecycle a version declares, or undefined with each problem pushed to `problems`, naming the version: a date
   * that is not a real `YYYY-MM-DD` date, a link that is not an absolute https URL, a sunset without a deprecation or
   * before it, a sunset on the newest version (which would leave nothing to serve), a bad brownout (BrownoutWindow).
   */
  static check(version: string, declared: LifecycleDeclaration, isNewest: boolean, problems: string[]): VersionLifecycle | undefined {
    const where = `version ${version}`;
    const before = problems.length;
    const date = (what: string, text: unknown): CalendarDate | undefined => {
      const parsed = typeof text === 'string' ? CalendarDate.parse(text) : undefined;
      if (parsed === undefined) {
        const given = text === undefined ? 'is missing' : `${JSON.stringify(text)} is not a real date`;
        problems.push(`${where}: ${what} ${given}; write YYYY-MM-DD, such as 2026-01-01`);
      }
      return parsed;
    };
    const { deprecated, sunset, brownouts } = declared;
    const on = deprecated === undefined ? undefined : date('deprecated.on', (deprecated as { on?: unknown } | null)?.on);
    const link = deprecated?.link === undefined ? undefined : httpsUrl(deprecated.link);
    if (deprecated?.link !== undefined && link === undefined) {
      problems.push(
        `${where}: deprecated.link ${JSON.stringify(deprecated.link)} is not an absolute https:// URL; link the page that explains the move, or leave it out`,
      );
    }
    const end = sunset === undefined ? undefined : date('sunset', sunset);
    if (sunset !== undefined && deprecated === undefined) {
      problems.push(
        `${where}: it has a sunset but no deprecation; declare deprecated: { on: 'YYYY-MM-DD' } on or before the sunset, so clients are warned first`,
      );
    }
    if (end !== undefined && on !== undefined && end.daysSince(on) < 0) {
      problems.push(
        `${where}: its sunset ${end.toString()} is before its deprecation ${on.toString()}; a version is deprecated first, retired on or after that day`,
      );
    }
    if (sunset !== undefined && isNewest) {
      problems.push(`${where} is the newest version: it cannot have a sunset, or nothing would be left to serve; add a newer version first`);
    }
    const windows =
      brownouts === undefined ? [] : BrownoutWindow.checkAll(where, brownouts, deprecated === undefined ? undefined : (on ?? null), end, problems);
    if (problems.length > before) return undefined;
    if (on === undefined) return VersionLifecycle.SUPPORTED;
    return new VersionLifecycle(on, link ?? null, end ?? null, windows as readonly BrownoutWindow[]);
  }

  /** Whether the version is declared deprecated; the headers say so from the declaration on, with its date, past or future. */
  get isDeprecated(): boolean {
    return this.deprecated !== null;
  }

  /** Whether the deprecation date has come by `today`. */
  isDeprecatedOn(today: CalendarDate): boolean {
    return this.deprecated !== null && today.daysSince(this.deprecated) >= 0;
  }

  /** Whether the sunset has come by `today`: from that UTC date on the version is not served. */
  isRetiredOn(today: CalendarDate): boolean {
    return this.sunset !== null && today.daysSince(this.sunset) >= 0;
  }

  /** The brownout the instant `nowMs` (milliseconds since the epoch) falls in, if any. */
  brownoutAt(nowMs: number): BrownoutWindow | undefined {
    const windows = this.brownouts;
    for (let index = 0; index < windows.length; index += 1) {
      const window = windows[index] as BrownoutWindow;
      if (window.contains(nowMs)) return window;
    }
    return undefined;
  }

  /** The start of the first brownout after `nowMs`, in milliseconds since the epoch; Infinity when none is to come. */
  nextBrownoutStart(nowMs: number): number {
    const windows = this.brownouts;
    for (let index = 0; index < windows.length; index += 1) {
      const start = (windows[index] as BrownoutWindow).startMs;
      if (start > nowMs) return start;
    }
    return Infinity;
  }
}

/** The URL written as an absolute https URL, normalized (so that it never holds a space, `<` or `>`), or undefined. */
function httpsUrl(text: unknown): string | undefined {
  if (typeof text !== 'string' || !URL.canParse(text)) return undefined;
  const url = new URL(text);
  return url.protocol === 'https:' ? url.href : undefined;
}

/** Each declared version's lifecycle by version text; each problem is pushed to `problems`. Expects versions already checked. */
export function lifecyclesOf(
  declarations: readonly ({ readonly version: string } & LifecycleDeclaration)[],
  newest: string,
  problems: string[],
): Map<string, VersionLifecycle> {
  return new Map(
    declarations.map(({ version, ...declared }) => [
      version,
      VersionLifecycle.check(version, declared, version === newest, problems) ?? VersionLifecycle.SUPPORTED,
    ]),
  );
}
