import type { CalendarDate } from '../records/calendar-date.js';
import type { Version } from './version.js';

/** What a transform may know of the request: the resolved version and the date it is served on. */
export interface RequestContext {
  readonly version: Version;
  readonly today: CalendarDate;
}
