import { CalendarDate } from '../../records/calendar-date.js';
import { parseDog, type Dog } from '../../dogs/dog.js';
import { closedObject } from '../../versioning/json-schema.js';
import { recordType } from '../../versioning/record-type.js';
import type { RecordHead } from '../../versioning/version-bundle.js';
import { RECORD_ID_SCHEMA, type RecordCollection } from '../../versioning/record-collection.js';
import { RECORD_NAME_SCHEMA } from './record-schemas.js';

export const DOG = recordType<Dog>('Dog');
export const DOGGIE_VIEW_SET = 'DoggieViewSet';

const BIRTHDAY_SCHEMA = {
  type: 'string',
  format: 'date',
  description: 'The birthday, an ISO 8601 date (YYYY-MM-DD).',
  examples: ['2014-05-06'],
} as const;

/** The dog record's newest shape and its schema; each version's module holds the change that walks them back. */
export const DOG_HEAD: RecordHead<Dog> = {
  key: DOG,
  represent: (dog) => ({ id: dog.id, name: dog.name, birthday: dog.birthday.toString() }),
  schema: closedObject({ id: RECORD_ID_SCHEMA, name: RECORD_NAME_SCHEMA, birthday: BIRTHDAY_SCHEMA }),
  // The service's own sample dog 1, as a client finds it with the bundled data.
  example: { id: 1, name: 'Biko', birthday: CalendarDate.parse('2014-05-06') as CalendarDate },
};

/** The dogs: their view set and where they are stored; their routes are the reference API's (src/reference-api.ts). */
export const DOGS: RecordCollection<Dog, 'dogs'> = Object.freeze({
  name: 'dogs',
  head: DOG_HEAD,
  viewSet: DOGGIE_VIEW_SET,
  parse: parseDog,
});
