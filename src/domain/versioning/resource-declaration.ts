import type { JsonSchema } from './json-schema.js';
import type { Representation } from './representation.js';
import type { Transform } from './transform.js';

/** Names a record type in the version model; the type parameter ties the key to its record type. */
export interface ResourceKey<R> {
  readonly name: string;
  readonly accepts?: (record: R) => void;
}

export function resourceKey<R>(name: string): ResourceKey<R> {
  return Object.freeze({ name });
}

/** A record type: how it looks in the newest version, its schema there, and the transforms that make older shapes. */
export interface ResourceDeclaration<R> {
  readonly key: ResourceKey<R>;
  represent(record: R): Representation;
  /** The JSON Schema of `represent`'s output: a closed object schema, walked back by the transforms as the data is. */
  readonly schema: JsonSchema;
  /** A record of type R whose shape at every version must match that version's schema; the published contract shows it. */
  readonly example?: unknown;
  readonly transforms: readonly Transform<R>[];
}
