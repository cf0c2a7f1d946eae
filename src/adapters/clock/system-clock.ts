import type { Clock } from '../../application/ports/clock.js';
import { CalendarDate } from '../../domain/records/calendar-date.js';

/** Today is the current UTC date of the system. */
export class SystemClock implements Clock {
  today(): CalendarDate {
    return CalendarDate.utcDateOf(new Date());
  }
}
