import type { JsonSchema } from './json-schema.js';
import type { Representation } from './representation.js';
import type { RequestContext } from './request-context.js';

/**
 * One change to a record's shape, with its schema counterpart; the version whose module declares it introduced it.
 * It runs for requests older than that version: output newest to oldest, input oldest to newest.
 */
export interface Transform<R> {
  /** Added to the changelog's generated line, or the whole line when the change leaves the schema as it is. */
  readonly description?: string;
  /** Turns output of the shape at its version into the shape just before it. */
  downgradeResponse(data: Representation, context: RequestContext, record: R): Representation;
  /** Turns the schema of the shape at its version into the schema just before it, as downgradeResponse turns the data. */
  downgradeSchema(schema: JsonSchema): JsonSchema;
  /**
   * Turns input of the shape just before its version into the shape at it; absent when there is nothing to do. A
   * create's body holds every field; a PATCH's only the fields it changes, so change only the fields present.
   */
  upgradeRequest?(data: Representation, context: RequestContext): Representation;
}
