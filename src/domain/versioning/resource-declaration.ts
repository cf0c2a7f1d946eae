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

/** A record type: how it looks in the newest version, and the transforms that make older shapes. */
export interface ResourceDeclaration<R> {
  readonly key: ResourceKey<R>;
  represent(record: R): Representation;
  readonly transforms: readonly Transform<R>[];
}
