import type { JsonSchema } from './json-schema.js';
import type { Transform } from './transform.js';
import type { Version } from './version.js';

/** One record type's own changes of one version, in the order they downgrade, and its schema just before that version. */
export interface OwnStep {
  readonly version: Version;
  readonly transforms: readonly Transform<unknown>[];
  readonly before: JsonSchema;
}

/** A record type's history: its newest schema and its own changes, newest version first. */
export interface TypeHistory {
  readonly name: string;
  readonly head: JsonSchema;
  readonly steps: readonly OwnStep[];
}
