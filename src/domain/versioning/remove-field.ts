import type { JsonValue, Representation } from './representation.js';
import type { Transform } from './transform.js';
import { deepFreeze } from './deep-freeze.js';
import { withField } from './with-field.js';
import { withoutField } from './without-field.js';

export interface RemoveFieldOptions {
  readonly version: string;
  readonly fieldName: string;
  readonly description: string;
  /** The placeholder older requests get, of the type and structure the field had. */
  readonly nullValue: JsonValue;
}

/** The field is gone from `version` on; older requests get it back holding `nullValue`. */
export class RemoveField<R = unknown> implements Transform<R> {
  readonly version: string;
  readonly fieldName: string;
  readonly description: string;
  readonly nullValue: JsonValue;

  constructor(options: RemoveFieldOptions) {
    this.version = options.version;
    this.fieldName = options.fieldName;
    this.description = options.description;
    this.nullValue = deepFreeze(structuredClone(options.nullValue));
  }

  downgradeResponse(data: Representation): Representation {
    return withField(data, this.fieldName, this.nullValue);
  }

  /** An older client may still send the field; the newest shape has no place for it. */
  upgradeRequest(data: Representation): Representation {
    return withoutField(data, this.fieldName);
  }
}
