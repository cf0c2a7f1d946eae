/** Milliseconds in a UTC day. */
export const DAY_MS = 86_400_000;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  return month === 2 && isLeapYear(year) ? 29 : (DAYS_IN_MONTH[month - 1] as number);
}

/** Days since 1970-01-01 in the proleptic Gregorian calendar (H. Hinnant's days_from_civil). */
function epochDayOf(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146097 + dayOfEra - 719468;
}

/** A real calendar date, years 0001 to 9999, written `YYYY-MM-DD`. */
export class CalendarDate {
  readonly #text: string;
  readonly #epochDay: number;

  private constructor(year: number, month: number, day: number) {
    this.#text = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    this.#epochDay = epochDayOf(year, month, day);
    Object.freeze(this);
  }

  /** The date written `YYYY-MM-DD`, or undefined when the text is not a real calendar date. */
  static parse(text: string): CalendarDate | undefined {
    const match = ISO_DATE.exec(text);
    if (match === null) return undefined;
    const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
    if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
    return new CalendarDate(year, month, day);
  }

  /** The UTC calendar date of an instant. */
  static utcDateOf(instant: Date): CalendarDate {
    return new CalendarDate(instant.getUTCFullYear(), instant.getUTCMonth() + 1, instant.getUTCDate());
  }

  /** Whole days from `earlier` to this date; negative when `earlier` is later. */
  daysSince(earlier: CalendarDate): number {
    return this.#epochDay - earlier.#epochDay;
  }

  /** Midnight UTC at the start of the date, in milliseconds since the epoch. */
  startMs(): number {
    return this.#epochDay * DAY_MS;
  }

  equals(other: CalendarDate): boolean {
    return this.#epochDay === other.#epochDay;
  }

  toString(): string {
    return this.#text;
  }

  toJSON(): string {
    return this.#text;
  }
}
