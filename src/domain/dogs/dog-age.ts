import type { CalendarDate } from '../records/calendar-date.js';

const DAYS_PER_YEAR = 365;
const DOG_YEARS_PER_HUMAN_YEAR = 7;

/** Whole days from birthday to today divided by 365, rounded toward minus infinity (a future birthday gives a negative age). */
export function dogAge(birthday: CalendarDate, today: CalendarDate): number {
  return Math.floor(today.daysSince(birthday) / DAYS_PER_YEAR);
}

export function dogYears(age: number): number {
  return age * DOG_YEARS_PER_HUMAN_YEAR;
}
