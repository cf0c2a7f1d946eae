import type { CalendarDate } from '../../domain/records/calendar-date.js';

/** Where today's date comes from; the domain never reads the system time itself. */
export interface Clock {
  today(): CalendarDate;
  /** The instant, in milliseconds since the epoch (UTC), on `today()`'s date. */
  now(): number;
}

export const CLOCK = Symbol.for('Clock');
