import type { Representation } from './representation.js';
import type { RequestContext } from './request-context.js';

/**
 * One change to a record's shape, bound to the version that introduced it.
 * It runs for requests older than `version`: output newest to oldest, input oldest to newest.
 */
export interface Transform<R> {
  readonly version: string;
  readonly description: string;
  /** Turns output of the shape at `version` into the shape just before it. */
  downgradeResponse(data: Representation, context: RequestContext, record: R): Representation;
  /** Turns input of the shape just before `version` into the shape at it; absent when there is nothing to do. */
  upgradeRequest?(data: Representation, context: RequestContext): Representation;
}
