import { dogAge, dogYears } from '../dogs/dog-age.js';
import type { Dog } from '../dogs/dog.js';
import type { Representation } from '../versioning/representation.js';
import type { RequestContext } from '../versioning/request-context.js';
import { RemoveField } from '../versioning/remove-field.js';
import type { Transform } from '../versioning/transform.js';
import { withField } from '../versioning/with-field.js';
import { withoutField } from '../versioning/without-field.js';

const VERSION = '4.0.0';
const DESCRIPTION = 'Removed Dog.age.';

/** 4.0.0, Mode A: age is gone; older versions get it back with the real values, computed from the record. */
export class RemoveAge implements Transform<Dog> {
  readonly version = VERSION;
  readonly description = DESCRIPTION;

  downgradeResponse(data: Representation, context: RequestContext, dog: Dog): Representation {
    const age = dogAge(dog.birthday, context.today);
    return withField(data, 'age', { human_years: age, dog_years: dogYears(age) });
  }

  upgradeRequest(data: Representation): Representation {
    return withoutField(data, 'age');
  }
}

/** 4.0.0, Mode B: age is gone and no longer computable; older versions get a placeholder of the old type. */
export class RemoveAgeWithPlaceholder extends RemoveField<Dog> {
  constructor() {
    super({ version: VERSION, fieldName: 'age', description: DESCRIPTION, nullValue: { human_years: -1, dog_years: -1 } });
  }
}
