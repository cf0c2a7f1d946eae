import type { JsonValue } from './representation.js';
import type { RequestContext } from './request-context.js';
import type { Transform } from './transform.js';

/** What a request runs of a transform: its data, never its schema. */
export type RunTransform = Pick<Transform<unknown>, 'downgradeResponse' | 'upgradeRequest'>;

/** How a value of one schema is walked between the newest shape and one version's, the types nested in it included. */
export interface Walk {
  /** Set when no type nested in the value changes between the two: the value's own transforms, newest first, all there is to run. */
  readonly flat: readonly RunTransform[] | undefined;
  /** Newest shape to the version's; `record` is what the top-level transforms are given (a nested record is given its data). */
  down(data: JsonValue, context: RequestContext, record: unknown): JsonValue;
  /** The version's shape to the newest. */
  up(data: JsonValue, context: RequestContext): JsonValue;
}
