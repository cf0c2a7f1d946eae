import type { ApiSetting } from '../adapters/config/api-setting.js';
import type { ApiInfo } from '../adapters/http/openapi/api-info.js';
import type { OperationSet } from '../adapters/http/operations/operation-declaration.js';
import type { CollectionRoutes } from '../adapters/http/routing/collection-routes.js';
import type { Endpoints } from '../adapters/http/routing/endpoints.js';
import type { AnyRecordCollection, RecordCollection } from '../domain/versioning/record-collection.js';
import type { VersionModelSettings } from '../domain/versioning/compile-history.js';
import type { VersionModel } from '../domain/versioning/version-model.js';

// What the composition root takes: an API as `defineApi` (src/api-definition.ts) makes it.

/** What the settings decide of a version model: the domain's choices (the default version, how `removedIn` is read), both given, and the API's own settings. */
export interface ModelSettings extends Required<VersionModelSettings> {
  /** The values of the API's own settings (its `settings`), by name; one absent takes its default. */
  readonly apiSettings?: Readonly<Record<string, unknown>>;
}

/** A record collection and where it is served: what `defineCollection` makes, and an API's collections are. */
export type PublishedCollection<R extends { readonly id: number }, N extends string = string> = RecordCollection<R, N> & CollectionRoutes;
/** A published collection of any record type, as an API's list holds it. */
export type AnyPublishedCollection = AnyRecordCollection & CollectionRoutes;
/**
 * An API the layer serves: its record collections and its history. The composition root makes everything else from
 * it (use cases, routes, OpenAPI documents, changelog, storage tables); the reference dogs and cats are one.
 */
export interface ApiDefinition {
  /** Every collection served, in the order of its routes and its documents' schemas. */
  readonly collections: readonly AnyPublishedCollection[];
  /** The operations of the team's own, each view set's, with their handlers. */
  readonly operations: readonly OperationSet[];
  /** Every version, newest first: what DEFAULT_VERSION and a client's pin may name. */
  readonly versions: readonly string[];
  /** The history, checked and compiled for the settings; throws VersionModelError naming a wrong declaration. */
  model(settings: ModelSettings): VersionModel;
  /** The records served in memory when DATA_FILE is not set, a list per collection name. */
  readonly sample: Readonly<Record<string, readonly unknown[]>>;
  readonly info: ApiInfo;
  /** Where the layer's own endpoints are served, each a path or false (left out). */
  readonly endpoints: Endpoints;
  /** The settings the API declares for itself, by environment variable: read and checked at start with the layer's. */
  readonly settings: Readonly<Record<string, ApiSetting>>;
}
