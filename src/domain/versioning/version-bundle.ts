import type { JsonSchema } from './json-schema.js';
import type { Representation } from './representation.js';
import type { RecordType } from './record-type.js';
import type { VersionDeclaration } from './version-declaration.js';

/** A record type's newest shape: the code always produces it, and the bundle's changes walk it back. */
export interface RecordHead<R> {
  readonly key: RecordType<R>;
  represent(record: R): Representation;
  /** The JSON Schema of `represent`'s output, a closed object schema (`closedObject`); each change walks it back. */
  readonly schema: JsonSchema;
  /** A record whose every older shape must match that version's schema, checked at start; the contract shows it. */
  readonly example: R;
}

/** A head of any record type, as the bundle lists it. */
export type AnyRecordHead = Omit<RecordHead<never>, 'example'> & { readonly example: unknown };

/** A view set and its actions, as they exist in some version; the bundle's changes give their windows. */
export interface ViewSet {
  readonly name: string;
  /** The record types its actions answer with or take: a change to one of them, or to a type nested in one, must reach one of its versions. */
  readonly recordTypes: readonly RecordType<never>[];
  readonly actions: readonly string[];
}

/** The ordered versions (newest first) and the heads they change; the only place the versions are ordered. */
export interface VersionBundle<O> {
  readonly versions: readonly VersionDeclaration<O>[];
  readonly heads: readonly AnyRecordHead[];
  readonly viewSets: readonly ViewSet[];
}
