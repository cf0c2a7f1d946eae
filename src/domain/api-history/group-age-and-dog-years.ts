import type { Dog } from '../dogs/dog.js';
import type { Representation } from '../versioning/representation.js';
import type { Transform } from '../versioning/transform.js';
import { withField } from '../versioning/with-field.js';

/** 3.0.0: age becomes an object `{human_years, dog_years}`; older versions get the integer back. */
export class GroupAgeAndDogYears implements Transform<Dog> {
  readonly version = '3.0.0';
  readonly description = 'Dog.age became an object grouping human_years and dog_years.';

  downgradeResponse(data: Representation): Representation {
    const age = data.age as { readonly human_years: number };
    return withField(data, 'age', age.human_years);
  }
}
