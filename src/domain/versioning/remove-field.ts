import { type JsonSchema, withProperty } from './json-schema.js';
import type { JsonValue, Representation } from './representation.js';
import type { Transform } from './transform.js';
import { deepFreeze } from './deep-freeze.js';
import { withField } from './with-field.js';
import { withoutField } from './without-field.js';

export interface RemoveFieldOptions {
  readonly fieldName: string;
  /** The removed field's schema, as older versions still publish it; `nullValue` must match it. */
  readonly schema: JsonSchema;
  /** The placeholder older requests get, of the type and structure the field had. */
  readonly nullValue: JsonValue;
  readonly description?: string;
}

/** The field is gone from its version on; older requests get it back holding `nullValue`. */
export class RemoveField<R = unknown> implements Transform<R> {
  readonly fieldName: string;
  readonly schema: JsonSchema;
  readonly nullValue: JsonValue;
  readonly description?: string;

  constructor(options: RemoveFieldOptions) {
    this.fieldName = options.fieldName;
    this.schema = options.schema;
    this.nullValue = deepFreeze(structuredClone(options.nullValue));
    if (options.description !== undefined) this.description = options.description;
  }

  downgradeResponse(data: Representation): Representation {
    return withField(data, this.fieldName, this.nullValue);
  }

  downgradeSchema(schema: JsonSchema): JsonSchema {
    return withProperty(schema, this.fieldName, this.schema);
  }

  /** An older client may still send the field; the newest shape has no place for it. */
  upgradeRequest(data: Representation): Representation {
    return withoutField(data, this.fieldName);
  }
}
