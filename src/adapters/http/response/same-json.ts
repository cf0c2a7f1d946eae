import type { JsonValue } from '../../../domain/versioning/representation.js';

/** An object of a kept value: its keys in order and their values, read once when it is kept. */
class KeptObject {
  constructor(
    readonly keys: readonly string[],
    readonly values: readonly KeptJson[],
  ) {}
}

/** A kept value as `sameJson` reads it: a JSON primitive, an array of kept values, or a KeptObject. */
export type KeptJson = string | number | boolean | null | readonly KeptJson[] | KeptObject;

/** A value parsed from JSON, as sameJson compares a fresh one with it again and again: each object's keys read once. */
export function keptJson(value: JsonValue): KeptJson {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((item) => keptJson(item as JsonValue));
  const keys = Object.keys(value);
  return new KeptObject(
    keys,
    keys.map((key) => keptJson((value as Readonly<Record<string, JsonValue>>)[key] as JsonValue)),
  );
}

/**
 * Whether `fresh` serializes to the same JSON text as `kept`, a value parsed from JSON (`keptJson`): the same keys in
 * the same order, the same numbers, strings and nesting. Only plain JSON is compared: anything JSON.stringify would
 * change or drop (undefined, a function, a Date or any toJSON, NaN) makes it false, so a true answer is never wrong,
 * and one walk that allocates nothing costs a fraction of serializing it.
 */
export function sameJson(fresh: unknown, kept: KeptJson): boolean {
  // A kept primitive came from JSON, so a value identical to it is JSON too (-0 is written 0).
  if (typeof kept !== 'object' || kept === null) return fresh === kept;
  if (typeof fresh !== 'object' || fresh === null) return false;
  if (Array.isArray(kept)) {
    if (!Array.isArray(fresh) || fresh.length !== kept.length) return false;
    for (let index = 0; index < fresh.length; index += 1) if (!sameJson(fresh[index], kept[index] as KeptJson)) return false;
    return true;
  }
  if (Array.isArray(fresh) || typeof (fresh as { toJSON?: unknown }).toJSON === 'function') return false;
  const { keys, values } = kept as KeptObject;
  const prototype = Object.getPrototypeOf(fresh) as unknown;
  // for…in also walks what an object inherits, which JSON leaves out: only a plain object's keys are all its own.
  if (prototype !== Object.prototype && prototype !== null) return sameKeys(Object.keys(fresh), fresh, keys, values);
  let index = 0;
  for (const key in fresh) {
    if (key !== keys[index] || !sameJson((fresh as Record<string, unknown>)[key], values[index] as KeptJson)) return false;
    index += 1;
  }
  return index === keys.length;
}

/** Whether an object of other keys (an instance of a class) has the kept keys, in order, and their values. */
function sameKeys(own: readonly string[], fresh: object, keys: readonly string[], values: readonly KeptJson[]): boolean {
  if (own.length !== keys.length) return false;
  for (let index = 0; index < own.length; index += 1) {
    const key = own[index] as string;
    if (key !== keys[index] || !sameJson((fresh as Record<string, unknown>)[key], values[index] as KeptJson)) return false;
  }
  return true;
}
