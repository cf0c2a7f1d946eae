import type { Dog } from '../../dogs/dog.js';
import { type JsonSchema, withProperty } from '../../versioning/json-schema.js';
import type { Representation } from '../../versioning/representation.js';
import type { Transform } from '../../versioning/transform.js';
import { defineVersion, introduces, recordChange } from '../../versioning/version-declaration.js';
import { withField } from '../../versioning/with-field.js';
import { HUMAN_YEARS_SCHEMA } from './dog-age-schemas.js';
import { DOG } from '../heads/dog-collection.js';
import type { HistoryOptions } from './history-options.js';
import { CAT_VIEW_SET } from '../heads/cat-collection.js';

/** Dog.age becomes an object `{human_years, dog_years}`; older versions get the integer back. */
export class GroupAgeAndDogYears implements Transform<Dog> {
  downgradeResponse(data: Representation): Representation {
    const age = data.age as { readonly human_years: number };
    return withField(data, 'age', age.human_years);
  }

  downgradeSchema(schema: JsonSchema): JsonSchema {
    return withProperty(schema, 'age', HUMAN_YEARS_SCHEMA);
  }
}

/** 3.0.0: age grouped with dog_years; the cat detail view. */
export const v3_0_0 = defineVersion<HistoryOptions>('3.0.0', {
  notes: ['Grouped Dog.age and Dog.dog_years into one age object'],
  records: () => [recordChange(DOG, new GroupAgeAndDogYears())],
  views: [introduces(CAT_VIEW_SET, 'retrieve')],
});
