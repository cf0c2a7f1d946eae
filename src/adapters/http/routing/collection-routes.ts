import type { CollectionAction } from '../../../domain/versioning/record-collection.js';

/** How one action's route is published: its OpenAPI operationId and summary. */
export interface ActionRoute {
  readonly operationId: string;
  readonly summary: string;
}

/**
 * Where a record collection is served over HTTP: the list's path (a record's is the path followed by its id), the
 * OpenAPI tag of its routes, and each action's route. `create` (POST to the list) and `update` (PATCH of a record)
 * are the writes the collection takes; without them it is read-only.
 */
export interface CollectionRoutes {
  /** The list's path, `/doggies/`. */
  readonly path: string;
  /** The OpenAPI tag of its routes: `Dogs`. */
  readonly tag: string;
  readonly routes: { readonly list: ActionRoute; readonly retrieve: ActionRoute } & { readonly [A in CollectionAction]?: ActionRoute };
}

/** The token the composition root binds each collection's CollectionRoutes to: a ReadonlyMap by the collection's name. */
export const COLLECTION_ROUTES = Symbol.for('CollectionRoutes');
