import type { JsonValue } from './representation.js';

/** A JSON Schema (draft 2020-12) as plain JSON; a record's is an object schema with `properties` and `required`. */
export type JsonSchema = { readonly [keyword: string]: JsonValue };

/** A closed object schema: exactly these properties, all required, nothing else. */
export function closedObject(properties: Readonly<Record<string, JsonSchema>>): JsonSchema {
  return { type: 'object', properties, required: Object.keys(properties), additionalProperties: false };
}

/** The schemas of an object schema's properties, by name. */
export function propertiesOf(schema: JsonSchema): Readonly<Record<string, JsonSchema>> {
  const properties = schema.properties;
  return typeof properties === 'object' && properties !== null && !Array.isArray(properties) ? (properties as Record<string, JsonSchema>) : {};
}

/** A copy of an object schema with `name` required and described by `property`: in place when it exists, last otherwise. */
export function withProperty(schema: JsonSchema, name: string, property: JsonSchema): JsonSchema {
  const required = requiredOf(schema);
  return { ...schema, properties: { ...propertiesOf(schema), [name]: property }, required: required.includes(name) ? required : [...required, name] };
}

/** A copy of an object schema without the property `name`. */
export function withoutProperty(schema: JsonSchema, name: string): JsonSchema {
  const properties: Record<string, JsonSchema> = { ...propertiesOf(schema) };
  delete properties[name];
  return { ...schema, properties, required: requiredOf(schema).filter((field) => field !== name) };
}

/** The names an object schema requires. */
export function requiredOf(schema: JsonSchema): readonly string[] {
  return Array.isArray(schema.required) ? (schema.required as readonly string[]) : [];
}
