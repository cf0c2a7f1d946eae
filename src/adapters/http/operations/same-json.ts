import type { JsonValue } from '../../../domain/versioning/representation.js';

/**
 * Whether `fresh` serializes to the same JSON text as `kept`, a value parsed from JSON: the same keys in the same order,
 * the same numbers, strings and nesting. Only plain JSON is compared: anything JSON.stringify would change or drop
 * (undefined, a function, a Date or any toJSON, NaN) makes it false, so a true answer is never wrong, and one walk
 * with no allocation but each object's keys costs a fraction of serializing it.
 */
export function sameJson(fresh: unknown, kept: JsonValue): boolean {
  // `kept` came from JSON, so a value identical to it is JSON too.
  if (fresh === kept) return true;
  if (typeof fresh !== 'object' || fresh === null || typeof kept !== 'object' || kept === null) return false;
  if (Array.isArray(fresh)) {
    if (!Array.isArray(kept) || fresh.length !== kept.length) return false;
    for (let index = 0; index < fresh.length; index += 1) if (!sameJson(fresh[index], kept[index] as JsonValue)) return false;
    return true;
  }
  if (Array.isArray(kept) || typeof (fresh as { toJSON?: unknown }).toJSON === 'function') return false;
  const keptObject = kept as Readonly<Record<string, JsonValue>>;
  const keys = Object.keys(fresh);
  const keptKeys = Object.keys(keptObject);
  if (keys.length !== keptKeys.length) return false;
  for (let index = 0; index < keys.length; index += 1) {
    const key = keys[index] as string;
    if (key !== keptKeys[index] || !sameJson((fresh as Record<string, unknown>)[key], keptObject[key] as JsonValue)) return false;
  }
  return true;
}
