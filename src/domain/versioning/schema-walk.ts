import type { JsonSchema } from './json-schema.js';
import { describeSchemaChange } from './schema-change.js';
import type { Transform } from './transform.js';
import type { Version } from './version.js';

/** A transform and the version whose module declares it: the version that introduced the change. */
export interface BoundTransform {
  readonly version: Version;
  readonly transform: Transform<never>;
}

/** One transform of a record type with the schemas around it: `after` at its version, `before` just before. */
export interface SchemaStep extends BoundTransform {
  readonly after: JsonSchema;
  readonly before: JsonSchema;
  /** The changelog's line for it: the properties it adds, removes or changes, and its description when it has one. */
  readonly line: string | undefined;
}

/** Walks a record type's head schema back through its transforms, newest first, as the data is walked. */
export function walkSchemas(name: string, head: JsonSchema, newestFirst: readonly BoundTransform[]): SchemaStep[] {
  let schema = head;
  return newestFirst.map(({ version, transform }) => {
    const after = schema;
    schema = transform.downgradeSchema(after);
    const lines = [describeSchemaChange(name, schema, after), transform.description].filter((line) => line !== undefined);
    return { version, transform, after, before: schema, line: lines.length === 0 ? undefined : lines.join(' — ') };
  });
}
