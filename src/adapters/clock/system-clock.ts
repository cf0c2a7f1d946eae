import type { Clock } from '../../application/ports/clock.js';
import { CalendarDate, DAY_MS } from '../../domain/records/calendar-date.js';

/** Today is the current UTC date of the system, built once per day however many requests ask for it. */
export class SystemClock implements Clock {
  #date: CalendarDate | undefined;
  /** The UTC day #date is, as [first millisecond, first millisecond of the next day). */
  #from = 0;
  #until = 0;

  constructor(private readonly instant: () => number = Date.now) {}

  now(): number {
    return this.instant();
  }

  today(): CalendarDate {
    const now = this.instant();
    // Outside the cached day either way: a clock set back must not keep tomorrow's date.
    if (this.#date === undefined || now < this.#from || now >= this.#until) {
      this.#from = Math.floor(now / DAY_MS) * DAY_MS;
      this.#until = this.#from + DAY_MS;
      this.#date = CalendarDate.utcDateOf(new Date(now));
    }
    return this.#date;
  }
}
