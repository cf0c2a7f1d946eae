import type { JsonSchema } from './json-schema.js';
import type { Representation } from './representation.js';
import type { RequestContext } from './request-context.js';

/**
 * One change to a record's shape, bound to the version that introduced it, with its schema counterpart.
 * It runs for requests older than `version`: output newest to oldest, input oldest to newest.
 */
export interface Transform<R> {
  readonly version: string;
  /** Added to the changelog's generated line, or the whole line when the change leaves the schema as it is. */
  readonly description?: string;
  /** Turns output of the shape at `version` into the shape just before it. */
  downgradeResponse(data: Representation, context: RequestContext, record: R): Representation;
  /** Turns the schema of the shape at `version` into the schema just before it, as downgradeResponse turns the data. */
  downgradeSchema(schema: JsonSchema): JsonSchema;
  /** Turns input of the shape just before `version` into the shape at it; absent when there is nothing to do. */
  upgradeRequest?(data: Representation, context: RequestContext): Representation;
}
