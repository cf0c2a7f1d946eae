import type { JsonSchema } from './json-schema.js';
import type { JsonValue } from './representation.js';

/** Where the documents keep the record types' schemas, which a `$ref` to one of them names. */
export const SCHEMAS_POINTER = '#/components/schemas/';

/** One step from a value into a part of it: a property, each item of an array, each value of a map. */
export type RefStep = { readonly property: string } | 'items' | 'values';

/** A place in a value where a record type appears: the steps that reach it from the top, and the type's name. */
export interface RefPosition {
  readonly path: readonly RefStep[];
  readonly name: string;
}

type JsonObject = { readonly [key: string]: JsonValue };

/** Whether a JSON value is an object (not an array, not null). */
export function isJsonObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A `$ref` to the record type `name`, as its schema is published. */
export function refTo(name: string): JsonSchema {
  return { $ref: `${SCHEMAS_POINTER}${name}` };
}

/** The record type a schema is a `$ref` to, or undefined (also for a `$ref` into a type, to one of its fields). */
export function refName(schema: JsonValue | undefined): string | undefined {
  const pointer = pointerOf(schema);
  return pointer === undefined || pointer.includes('/') ? undefined : pointer;
}

/** A `$ref` to one field of the record type `name`: a parameter read as that field is, at each version. */
export function fieldRefTo(name: string, field: string): JsonSchema {
  return { $ref: `${SCHEMAS_POINTER}${name}/properties/${field.replaceAll('~', '~0').replaceAll('/', '~1')}` };
}

/** The record type and field a schema is a `$ref` to (`fieldRefTo`), or undefined. */
export function fieldRefOf(schema: JsonValue | undefined): { readonly name: string; readonly field: string } | undefined {
  const match = /^([^/]+)\/properties\/([^/]+)$/.exec(pointerOf(schema) ?? '');
  return match === null ? undefined : { name: match[1] as string, field: (match[2] as string).replaceAll('~1', '/').replaceAll('~0', '~') };
}

function pointerOf(schema: JsonValue | undefined): string | undefined {
  if (!isJsonObject(schema)) return undefined;
  const ref = schema.$ref;
  return typeof ref === 'string' && ref.startsWith(SCHEMAS_POINTER) ? ref.slice(SCHEMAS_POINTER.length) : undefined;
}

/**
 * Every place in `schema` where a record type appears by `$ref` (not looking into the types themselves): under
 * properties, array items, a map's values, and the branches of anyOf, oneOf and allOf (a nullable record among them).
 * Read once per schema at start; a request only follows the positions.
 */
export function refPositions(schema: JsonSchema): readonly RefPosition[] {
  const found: RefPosition[] = [];
  collect(schema, [], found, 0);
  return found;
}

/** Deeper than this a schema is not walked: no record is nested so far, and a cycle of plain schemas cannot hang the start. */
const MAX_SCHEMA_DEPTH = 64;

function collect(schema: JsonValue | undefined, path: readonly RefStep[], found: RefPosition[], depth: number): void {
  if (!isJsonObject(schema) || depth > MAX_SCHEMA_DEPTH) return;
  const name = refName(schema);
  if (name !== undefined) {
    if (!found.some((position) => position.name === name && samePath(position.path, path))) found.push({ path, name });
    return;
  }
  const { properties, items, additionalProperties, anyOf, oneOf, allOf } = schema;
  if (isJsonObject(properties)) {
    for (const [property, inner] of Object.entries(properties)) collect(inner, [...path, { property }], found, depth + 1);
  }
  collect(items, [...path, 'items'], found, depth + 1);
  collect(additionalProperties, [...path, 'values'], found, depth + 1);
  for (const branches of [anyOf, oneOf, allOf]) {
    if (Array.isArray(branches)) for (const branch of branches as readonly JsonValue[]) collect(branch, path, found, depth + 1);
  }
}

function samePath(a: readonly RefStep[], b: readonly RefStep[]): boolean {
  return a.length === b.length && a.every((step, index) => stepText(step) === stepText(b[index] as RefStep));
}

/** A step in words: `.name`, `[]` for items, `{}` for a map's values. */
export function stepText(step: RefStep): string {
  return step === 'items' ? '[]' : step === 'values' ? '{}' : `.${step.property}`;
}

/**
 * `data` with the value at `path` replaced by `change` of it (each item of an array, each value of a map): a copy
 * along the path only where something changed. A value that is not an object (a null, a missing property) is left.
 */
export function replaceAt(data: JsonValue, path: readonly RefStep[], from: number, change: (value: JsonValue) => JsonValue): JsonValue {
  if (from === path.length) return isJsonObject(data) ? change(data) : data;
  const step = path[from] as RefStep;
  if (step === 'items') {
    if (!Array.isArray(data)) return data;
    const items = data as readonly JsonValue[];
    let copy: JsonValue[] | undefined;
    for (let index = 0; index < items.length; index += 1) {
      const item = items[index] as JsonValue;
      const changed = replaceAt(item, path, from + 1, change);
      if (changed !== item) (copy ??= [...items])[index] = changed;
    }
    return copy ?? items;
  }
  if (!isJsonObject(data)) return data;
  if (step === 'values') {
    let copy: Record<string, JsonValue> | undefined;
    for (const key of Object.keys(data)) {
      const value = data[key] as JsonValue;
      const changed = replaceAt(value, path, from + 1, change);
      if (changed !== value) (copy ??= { ...data })[key] = changed;
    }
    return copy ?? data;
  }
  if (!Object.hasOwn(data, step.property)) return data;
  const value = data[step.property] as JsonValue;
  const changed = replaceAt(value, path, from + 1, change);
  if (changed === value) return data;
  const copy: Record<string, JsonValue> = Object.assign({}, data);
  copy[step.property] = changed;
  return copy;
}
