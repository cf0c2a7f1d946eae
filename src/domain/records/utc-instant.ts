import { CalendarDate } from './calendar-date.js';

const INSTANT = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2}):(\d{2})Z$/;

/**
 * The instant written as an RFC 3339 UTC timestamp to the second, `YYYY-MM-DDTHH:MM:SSZ`, in milliseconds since the
 * epoch; undefined for any other form, a date that is not real or a time past 23:59:59 (no leap second).
 */
export function parseUtcInstant(text: string): number | undefined {
  const match = INSTANT.exec(text);
  if (match === null) return undefined;
  const day = CalendarDate.parse(match[1] as string);
  const [hours, minutes, seconds] = [Number(match[2]), Number(match[3]), Number(match[4])];
  if (day === undefined || hours > 23 || minutes > 59 || seconds > 59) return undefined;
  return day.startMs() + ((hours * 60 + minutes) * 60 + seconds) * 1000;
}
