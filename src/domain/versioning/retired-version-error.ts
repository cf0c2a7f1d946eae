import { DomainError } from '../errors/domain-error.js';
import type { CalendarDate } from '../records/calendar-date.js';
import { listSupported } from './version-error-text.js';

/** A request selects a version whose sunset has come: it is no longer served. */
export class RetiredVersionError extends DomainError {
  readonly code = 'retired_version';

  /** `byDefault`: the request named no version and the configured default is the retired one. */
  constructor(
    readonly version: string,
    readonly sunset: CalendarDate,
    supported: readonly { toString(): string }[],
    readonly byDefault = false,
  ) {
    super(
      `${byDefault ? 'The default version' : 'Version'} ${version} was retired on ${sunset.toString()}, its sunset date, and is no longer served.` +
        `${byDefault ? ' Name a supported version in the Accept header.' : ''}${listSupported(supported)}`,
    );
  }
}
