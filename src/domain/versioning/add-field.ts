import { type JsonSchema, withoutProperty } from './json-schema.js';
import type { Representation } from './representation.js';
import type { Transform } from './transform.js';
import { withoutField } from './without-field.js';

export interface AddFieldOptions {
  readonly fieldName: string;
  /** The added field's schema, which the head's schema holds; the changelog names its type. */
  readonly schema: JsonSchema;
  readonly description?: string;
}

/** The field exists from its version on; older requests do not see it. */
export class AddField<R = unknown> implements Transform<R> {
  readonly fieldName: string;
  readonly schema: JsonSchema;
  readonly description?: string;

  constructor(options: AddFieldOptions) {
    this.fieldName = options.fieldName;
    this.schema = options.schema;
    if (options.description !== undefined) this.description = options.description;
  }

  downgradeResponse(data: Representation): Representation {
    return withoutField(data, this.fieldName);
  }

  downgradeSchema(schema: JsonSchema): JsonSchema {
    return withoutProperty(schema, this.fieldName);
  }

  upgradeRequest(data: Representation): Representation {
    return data;
  }
}
