import type { JsonValue } from './representation.js';

/**
 * RFC 7396 JSON Merge Patch: `patch` applied to `target`. An object patch sets each of its members, merging into an
 * object member, and removes a member it sets to null; any other patch replaces the target whole. Neither is changed.
 */
export function mergePatch(target: JsonValue | undefined, patch: JsonValue): JsonValue {
  if (!isObject(patch)) return patch;
  const merged: Record<string, JsonValue> = isObject(target) ? { ...target } : {};
  for (const [name, value] of Object.entries(patch)) {
    if (value === null) delete merged[name];
    else merged[name] = mergePatch(merged[name], value);
  }
  return merged;
}

function isObject(value: JsonValue | undefined): value is { readonly [key: string]: JsonValue } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
