import { DomainError } from '../errors/domain-error.js';
import type { CalendarDate } from '../records/calendar-date.js';
import { listSupported, REFUSED_ADVICE, REFUSED_SUBJECT, type SelectedBy } from './version-error-text.js';

/** A request selects a version whose sunset has come: it is no longer served. */
export class RetiredVersionError extends DomainError {
  readonly code = 'retired_version';

  /** `byDefault`: the request named no version and the configured default (true) or the client's pin ('pin') is the retired one. */
  constructor(
    readonly version: string,
    readonly sunset: CalendarDate,
    supported: readonly { toString(): string }[],
    readonly byDefault: SelectedBy = false,
  ) {
    super(
      `${REFUSED_SUBJECT[String(byDefault)]} ${version} was retired on ${sunset.toString()}, its sunset date, and is no longer served.` +
        `${REFUSED_ADVICE[String(byDefault)]}${listSupported(supported)}`,
    );
  }
}
