import type { Representation } from '../../domain/versioning/representation.js';
import type { RequestContext } from '../../domain/versioning/request-context.js';
import type { ResourceKey } from '../../domain/versioning/resource-key.js';

/** Shapes a record for the request's version and day, a pure function of the three: the version model does it. */
export interface Representer {
  represent<R>(key: ResourceKey<R>, record: R, context: RequestContext): Representation;
}
