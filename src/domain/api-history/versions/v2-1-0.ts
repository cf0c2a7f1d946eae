import type { Dog } from '../../dogs/dog.js';
import { AddField } from '../../versioning/add-field.js';
import { defineVersion, recordChange } from '../../versioning/version-declaration.js';
import { DOG } from '../heads/dog-collection.js';
import { HUMAN_YEARS_SCHEMA } from './dog-age-schemas.js';
import type { HistoryOptions } from './history-options.js';

/** 2.1.0: Dog.age appears, an integer of human years computed from birthday. */
export const v2_1_0 = defineVersion<HistoryOptions>('2.1.0', {
  notes: ['Added Dog.age'],
  records: () => [
    recordChange(
      DOG,
      new AddField<Dog>({ fieldName: 'age', schema: HUMAN_YEARS_SCHEMA, description: 'the age in whole years, computed from birthday' }),
    ),
  ],
});
