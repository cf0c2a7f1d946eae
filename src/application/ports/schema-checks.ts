import type { JsonSchema } from '../../domain/versioning/json-schema.js';

/** One way a value breaks a schema: where (a JSON pointer, `/amount/value`; empty for the whole value), which rule, in words. */
export interface SchemaProblem {
  readonly field: string;
  /** The schema keyword broken: `type`, `required`, `additionalProperties`, `maximum`… */
  readonly rule: string;
  readonly message: string;
}

/** Checks values against JSON Schemas (2020-12, the dialect of OpenAPI 3.1), each schema compiled once. */
export interface SchemaChecks {
  /** A check of `schema`, made once: the problems of a value, none when it fits. */
  compile(schema: JsonSchema): (value: unknown) => readonly SchemaProblem[];
}

export const SCHEMA_CHECKS = Symbol.for('SchemaChecks');
