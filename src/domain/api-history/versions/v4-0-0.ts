import { dogAge, dogYears } from '../../dogs/dog-age.js';
import type { Dog } from '../../dogs/dog.js';
import { type JsonSchema, withProperty } from '../../versioning/json-schema.js';
import type { Representation } from '../../versioning/representation.js';
import type { RequestContext } from '../../versioning/request-context.js';
import { RemoveField } from '../../versioning/remove-field.js';
import type { Transform } from '../../versioning/transform.js';
import { defineVersion, recordChange, removes } from '../../versioning/version-declaration.js';
import { withField } from '../../versioning/with-field.js';
import { withoutField } from '../../versioning/without-field.js';
import { AGE_OBJECT_SCHEMA } from './dog-age-schemas.js';
import { DOG } from '../heads/dog-collection.js';
import type { HistoryOptions } from './history-options.js';
import { CAT_VIEW_SET } from '../heads/cat-collection.js';

/** Mode A: age is gone; older versions get it back with the real values, computed from the record. */
export class RemoveAge implements Transform<Dog> {
  downgradeResponse(data: Representation, context: RequestContext, dog: Dog): Representation {
    const age = dogAge(dog.birthday, context.today);
    return withField(data, 'age', { human_years: age, dog_years: dogYears(age) });
  }

  downgradeSchema(schema: JsonSchema): JsonSchema {
    return withProperty(schema, 'age', AGE_OBJECT_SCHEMA);
  }

  upgradeRequest(data: Representation): Representation {
    return withoutField(data, 'age');
  }
}

/** 4.0.0: Dog.age removed (Mode B: no longer computable, older versions get a placeholder of the old type); the cat list's last version. */
export const v4_0_0 = defineVersion<HistoryOptions>('4.0.0', {
  notes: ['Removed Dog.age'],
  records: ({ ageRemoval }) => [
    recordChange(
      DOG,
      ageRemoval === 'computed'
        ? new RemoveAge()
        : new RemoveField<Dog>({ fieldName: 'age', schema: AGE_OBJECT_SCHEMA, nullValue: { human_years: -1, dog_years: -1 } }),
    ),
  ],
  views: [removes(CAT_VIEW_SET, 'list')],
});
