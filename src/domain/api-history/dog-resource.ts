import { CalendarDate } from '../records/calendar-date.js';
import type { Dog } from '../dogs/dog.js';
import { closedObject } from '../versioning/json-schema.js';
import { resourceKey } from '../versioning/resource-declaration.js';
import type { ResourceHead } from '../versioning/version-bundle.js';
import { RECORD_ID_SCHEMA, RECORD_NAME_SCHEMA } from './record-schemas.js';

export const DOG_RESOURCE = resourceKey<Dog>('Dog');

/** The dog record's newest shape and its schema; each version's module holds the change that walks them back. */
export const DOG_RESOURCE_HEAD: ResourceHead<Dog> = {
  key: DOG_RESOURCE,
  represent: (dog) => ({ id: dog.id, name: dog.name, birthday: dog.birthday.toString() }),
  schema: closedObject({ id: RECORD_ID_SCHEMA, name: RECORD_NAME_SCHEMA, birthday: { type: 'string', format: 'date' } }),
  example: { id: 1, name: 'Rex', birthday: CalendarDate.parse('2019-05-04') as CalendarDate },
};
