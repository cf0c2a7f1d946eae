import type { Clock } from '../../application/ports/clock.js';
import type { CalendarDate } from '../../domain/records/calendar-date.js';

/** Today is always the same date (the TODAY setting, and tests). */
export class FixedClock implements Clock {
  constructor(private readonly date: CalendarDate) {}

  today(): CalendarDate {
    return this.date;
  }
}
