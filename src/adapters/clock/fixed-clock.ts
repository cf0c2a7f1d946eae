import type { Clock } from '../../application/ports/clock.js';
import { DAY_MS, type CalendarDate } from '../../domain/records/calendar-date.js';

/** Today is always the same date (the TODAY setting, and tests); the time of day runs as the system's. */
export class FixedClock implements Clock {
  constructor(private readonly date: CalendarDate) {}

  today(): CalendarDate {
    return this.date;
  }

  now(): number {
    return this.date.startMs() + (Date.now() % DAY_MS);
  }
}
