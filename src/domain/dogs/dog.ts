import type { CalendarDate } from '../records/calendar-date.js';
import { recordDate, recordFields, recordId, recordName } from '../records/record-fields.js';

/** A dog record as stored: the newest shape, with nothing computed. */
export interface Dog {
  readonly id: number;
  readonly name: string;
  readonly birthday: CalendarDate;
}

const DOG_FIELDS = ['id', 'name', 'birthday'] as const;

/** A dog from untrusted input; `birthday` defaults to `today` when absent. Throws InvalidRecordError. */
export function parseDog(input: unknown, today: CalendarDate): Dog {
  const fields = recordFields(input, DOG_FIELDS);
  return Object.freeze({
    id: recordId(fields.id),
    name: recordName(fields.name),
    birthday: fields.birthday === undefined ? today : recordDate('birthday', fields.birthday),
  });
}
