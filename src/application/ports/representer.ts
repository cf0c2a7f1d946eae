import type { Representation } from '../../domain/versioning/representation.js';
import type { RequestContext } from '../../domain/versioning/request-context.js';
import type { ResourceKey } from '../../domain/versioning/resource-key.js';

/** Shapes a record for the request's version: the version model does it, and MemoizedRepresenter remembers what it did. */
export interface Representer {
  represent<R>(key: ResourceKey<R>, record: R, context: RequestContext): Representation;
}

export const REPRESENTER = Symbol.for('Representer');
