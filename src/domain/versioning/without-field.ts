import type { JsonValue, Representation } from './representation.js';

/** `data` without `fieldName`, the other fields in their order; `data` itself when it has no such field. */
export function withoutField(data: Representation, fieldName: string): Representation {
  if (!Object.hasOwn(data, fieldName)) return data;
  // A copy field by field: rest destructuring with a computed key takes V8's slow path.
  const rest: Record<string, JsonValue> = {};
  for (const key of Object.keys(data)) {
    if (key !== fieldName) rest[key] = data[key] as JsonValue;
  }
  return rest;
}
