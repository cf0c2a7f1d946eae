import { DomainError } from '../errors/domain-error.js';
import type { CalendarDate } from '../records/calendar-date.js';
import type { BrownoutWindow } from './brownout-window.js';
import type { Version } from './version.js';
import { listSupported, REFUSED_ADVICE, REFUSED_SUBJECT, type SelectedBy } from './version-error-text.js';

/** A request selects a version during one of its brownouts: refused as after its sunset, until the window ends. */
export class BrownoutError extends DomainError {
  readonly code = 'version_brownout';
  /** Whole seconds from the request to the end of the window, at least 1. */
  readonly retryAfterSeconds: number;

  /** `served`: the versions served at that instant, the browned-out one left out; `byDefault` as RetiredVersionError's. */
  constructor(
    readonly version: Version,
    window: BrownoutWindow,
    sunset: CalendarDate | null,
    served: readonly { toString(): string }[],
    nowMs: number,
    byDefault: SelectedBy = false,
  ) {
    const removal = sunset === null ? 'its removal (no sunset date is set yet)' : `its sunset on ${sunset.toString()}`;
    super(
      `${REFUSED_SUBJECT[String(byDefault)]} ${version.toString()} is in a brownout until ${window.end}, a rehearsal of ${removal}, ` +
        `and is not served until then.${REFUSED_ADVICE[String(byDefault)]}${listSupported(served)}`,
    );
    this.retryAfterSeconds = Math.ceil((window.endMs - nowMs) / 1000);
  }
}
