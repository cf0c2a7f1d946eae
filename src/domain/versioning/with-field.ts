import type { JsonValue, Representation } from './representation.js';

/**
 * A copy of `data` with `fieldName` set to `value`: in place when the field exists, last otherwise,
 * as `{ ...data, [fieldName]: value }` would give. Written as a copy then a store because Node 20's V8
 * takes a slow path for a spread followed by a property.
 */
export function withField(data: Representation, fieldName: string, value: JsonValue): Representation {
  const copy: Record<string, JsonValue> = Object.assign({}, data);
  copy[fieldName] = value;
  return copy;
}
