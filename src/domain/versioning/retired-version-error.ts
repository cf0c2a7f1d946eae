import { DomainError } from '../errors/domain-error.js';
import type { CalendarDate } from '../records/calendar-date.js';
import { listSupported } from './version-error-text.js';

const SUBJECT: Readonly<Record<string, string>> = { false: 'Version', true: 'The default version', pin: 'Your pinned version' };
const ADVICE: Readonly<Record<string, string>> = {
  false: '',
  true: ' Name a supported version in the Accept header.',
  pin: ' Upgrade the pin (PUT /client/version) or name a supported version in the Accept header.',
};

/** A request selects a version whose sunset has come: it is no longer served. */
export class RetiredVersionError extends DomainError {
  readonly code = 'retired_version';

  /** `byDefault`: the request named no version and the configured default (true) or the client's pin ('pin') is the retired one. */
  constructor(
    readonly version: string,
    readonly sunset: CalendarDate,
    supported: readonly { toString(): string }[],
    readonly byDefault: boolean | 'pin' = false,
  ) {
    super(
      `${SUBJECT[String(byDefault)]} ${version} was retired on ${sunset.toString()}, its sunset date, and is no longer served.` +
        `${ADVICE[String(byDefault)]}${listSupported(supported)}`,
    );
  }
}
