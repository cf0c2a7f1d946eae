import type { JsonSchema } from './json-schema.js';
import type { ResourceDeclaration } from './resource-declaration.js';
import { describeSchemaChange } from './schema-change.js';
import type { Transform } from './transform.js';
import { Version } from './version.js';

/** One transform of a record type with the schemas around it: `after` at its version, `before` just before. */
export interface SchemaStep {
  readonly transform: Transform<never>;
  readonly after: JsonSchema;
  readonly before: JsonSchema;
  /** The changelog's line for it: the properties it adds, removes or changes, and its description when it has one. */
  readonly line: string | undefined;
}

/** A record type's transforms, newest first (declaration order reversed within a version), each with its schemas. */
export function orderedTransforms(transforms: readonly Transform<never>[]): Transform<never>[] {
  return transforms
    .map((transform, order) => ({ transform, order, since: Version.parse(transform.version) }))
    .sort((a, b) => b.since.compare(a.since) || b.order - a.order)
    .map(({ transform }) => transform);
}

/** Walks the head schema back through every transform, newest first, as the data is walked. */
export function walkSchemas(resource: ResourceDeclaration<never>): SchemaStep[] {
  let schema = resource.schema;
  return orderedTransforms(resource.transforms).map((transform) => {
    const after = schema;
    schema = transform.downgradeSchema(after);
    const lines = [describeSchemaChange(resource.key.name, schema, after), transform.description].filter((line) => line !== undefined);
    return { transform, after, before: schema, line: lines.length === 0 ? undefined : lines.join(' — ') };
  });
}
