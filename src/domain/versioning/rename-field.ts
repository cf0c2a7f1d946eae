import { type JsonSchema, propertiesOf, requiredOf } from './json-schema.js';
import type { JsonValue, Representation } from './representation.js';
import type { Transform } from './transform.js';

export interface RenameFieldOptions {
  /** The field's name before its version. */
  readonly from: string;
  /** Its name from its version on. */
  readonly to: string;
  readonly description?: string;
}

/** The field `from` is called `to` from its version on, in the same place and of the same type. */
export class RenameField<R = unknown> implements Transform<R> {
  readonly from: string;
  readonly to: string;
  readonly description?: string;

  constructor(options: RenameFieldOptions) {
    this.from = options.from;
    this.to = options.to;
    if (options.description !== undefined) this.description = options.description;
  }

  downgradeResponse(data: Representation): Representation {
    return renamed(data, this.to, this.from);
  }

  downgradeSchema(schema: JsonSchema): JsonSchema {
    return {
      ...schema,
      properties: renamed(propertiesOf(schema), this.to, this.from),
      required: requiredOf(schema).map((name) => (name === this.to ? this.from : name)),
    };
  }

  upgradeRequest(data: Representation): Representation {
    return renamed(data, this.from, this.to);
  }
}

/** A copy with the key `from` written `to`, where it stood; the same object when it has no `from`. */
function renamed(data: { readonly [key: string]: JsonValue }, from: string, to: string): Representation {
  if (!Object.hasOwn(data, from)) return data;
  return Object.fromEntries(Object.entries(data).map(([key, value]) => [key === from ? to : key, value]));
}
