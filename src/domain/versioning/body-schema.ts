import { requiredOf, type JsonSchema } from './json-schema.js';
import { isJsonObject, refName } from './record-refs.js';
import type { JsonValue } from './representation.js';

const DEFS_POINTER = '#/$defs/';

/**
 * `schema` with every record type it holds at one version, as one schema a validator takes alone: each `$ref` to a
 * type points into its `$defs`, which hold the types' schemas (`schemaOf` of each name, itself walked the same way).
 */
export function selfContained(schema: JsonSchema, names: Iterable<string>, schemaOf: (name: string) => JsonSchema): JsonSchema {
  const $defs = Object.fromEntries([...names].map((name) => [name, pointingIntoDefs(schemaOf(name))]));
  return { ...(pointingIntoDefs(schema) as JsonSchema), $defs };
}

function pointingIntoDefs(value: JsonValue): JsonValue {
  const name = refName(value);
  if (name !== undefined) return { ...(value as JsonSchema), $ref: `${DEFS_POINTER}${name}` };
  if (Array.isArray(value)) return (value as readonly JsonValue[]).map(pointingIntoDefs);
  if (!isJsonObject(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, pointingIntoDefs(inner)]));
}

/**
 * A schema as a request body must fit it: each `readOnly` property (the server sets it) may not be sent, so it is
 * neither required nor allowed, at every depth; `writeOnly` ones stay.
 */
export function requestForm(value: JsonValue): JsonValue {
  if (Array.isArray(value)) return (value as readonly JsonValue[]).map(requestForm);
  if (!isJsonObject(value)) return value;
  const form: Record<string, JsonValue> = {};
  for (const [key, inner] of Object.entries(value)) form[key] = key === 'properties' ? requestProperties(inner) : requestForm(inner);
  if (isJsonObject(value.properties) && Array.isArray(value.required)) {
    const readOnly = new Set(
      Object.entries(value.properties).flatMap(([name, property]) => (isJsonObject(property) && property.readOnly === true ? [name] : [])),
    );
    form.required = requiredOf(value).filter((name) => !readOnly.has(name));
  }
  return form;
}

function requestProperties(properties: JsonValue): JsonValue {
  if (!isJsonObject(properties)) return properties;
  return Object.fromEntries(
    Object.entries(properties).map(([name, property]) => [
      name,
      isJsonObject(property) && property.readOnly === true ? false : requestForm(property),
    ]),
  );
}
