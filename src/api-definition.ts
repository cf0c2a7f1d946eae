import type { CollectionRoutes } from './adapters/http/routing/collection-routes.js';
import { viewSetOf, WRITE_ACTIONS, type RecordCollection } from './domain/versioning/record-collection.js';
import type { VersionDeclaration } from './domain/versioning/version-declaration.js';
import { VersionModel } from './domain/versioning/version-model.js';
import { StartupError } from './domain/errors/startup-error.js';
import { withNestedTypes } from './domain/versioning/record-type.js';
import { propertiesOf, type JsonSchema } from './domain/versioning/json-schema.js';
import type { ViewSet } from './domain/versioning/version-bundle.js';
import type { OperationSet } from './adapters/http/operations/operation-declaration.js';
import { endpointsOf, type Endpoints } from './adapters/http/routing/endpoints.js';
export type { AnyPublishedCollection, ApiDefinition, ModelSettings, PublishedCollection } from './composition/api-definition.js';
import type { AnyPublishedCollection, ApiDefinition, PublishedCollection } from './composition/api-definition.js';
import { apiSettingsOf, apiSettingValues, type ApiSettingDeclarations, type ApiSettingValues } from './adapters/config/api-setting.js';

/** What `defineCollection` takes: the collection without its writes, which its `create` and `update` routes declare. */
export type CollectionDeclaration<R extends { readonly id: number }, N extends string = string> = Omit<RecordCollection<R, N>, 'writes'> &
  CollectionRoutes;

/** A collection, its record type and name inferred from the declaration; it takes the writes it has routes for. */
export function defineCollection<R extends { readonly id: number }, N extends string>(
  declaration: CollectionDeclaration<R, N>,
): PublishedCollection<R, N> {
  refuseUnrouted(declaration);
  const writes = WRITE_ACTIONS.filter((action) => declaration.routes[action] !== undefined);
  return Object.freeze({ ...declaration, ...(writes.length === 0 ? {} : { writes }) });
}

/** A collection whose routes are missing or malformed (a JavaScript declaration has no types to catch it) refuses the start, naming it. */
function refuseUnrouted({
  name,
  path,
  tag,
  routes,
  head,
}: Partial<CollectionRoutes> & { readonly name: string; readonly head?: { readonly schema: JsonSchema } }): void {
  const wrong: string[] = [];
  const id = head === undefined ? undefined : propertiesOf(head.schema).id;
  if (head === undefined) wrong.push('it has no head { key, represent, schema, example }');
  else if (id !== undefined && id.type !== 'integer')
    wrong.push(
      `its id's schema ${JSON.stringify(id)} is not an integer's: the layer's storage gives ids 1, 2, 3…; serve records of other ids with operations of your own (defineOperations)`,
    );
  if (typeof path !== 'string' || !/^\/([^/?#]+\/)+$/.test(path))
    wrong.push(`its path ${JSON.stringify(path)} is not a list's path, such as "/books/"`);
  if (typeof tag !== 'string' || tag === '') wrong.push('it has no tag');
  for (const action of ['list', 'retrieve', ...WRITE_ACTIONS] as const) {
    const route = routes?.[action];
    if ((route === undefined && (action === 'list' || action === 'retrieve')) || (route !== undefined && !isActionRoute(route))) {
      wrong.push(`routes.${action} is not { operationId, summary }`);
    }
  }
  if (wrong.length > 0) throw new StartupError(`collection ${JSON.stringify(name)}: ${wrong.join('; ')}`);
}

function isActionRoute(route: unknown): boolean {
  if (typeof route !== 'object' || route === null) return false;
  const { operationId, summary } = route as Record<string, unknown>;
  return typeof operationId === 'string' && operationId !== '' && typeof summary === 'string';
}

/** What `defineApi` takes: the collections, every version's declaration newest first, and what a change may choose by. */
export interface ApiDeclaration<O, S extends ApiSettingDeclarations = Record<never, never>> {
  /** The collections the layer serves from its storage; none by default. */
  readonly collections?: readonly AnyPublishedCollection[];
  /** The operations of the team's own (`defineOperations`), whose handlers the layer runs at the request's version; none by default. */
  readonly operations?: readonly OperationSet[];
  /** Newest first: the only place the versions are ordered. */
  readonly versions: readonly VersionDeclaration<O>[];
  /** Settings of the API's own, by environment variable, each `{ oneOf: [words], default }`; none by default. */
  readonly settings?: S;
  /** The options the versions' `records` take, from the values of the API's own settings; none unless a change has variants. */
  readonly options?: (settings: ApiSettingValues<S>) => O;
  /** The records served in memory when DATA_FILE is not set; none by default. */
  readonly sample?: Readonly<Record<string, readonly unknown[]>>;
  /** The documents' title; `Version-aware API` by default. */
  readonly title?: string;
  /** The API in a few words, which each document's summary begins with; `The API` by default. */
  readonly name?: string;
  /** What each collection's tag groups, by tag; none by default. */
  readonly tags?: Readonly<Record<string, string>>;
  /** Where the layer's own endpoints are served, each a path or `false` to leave it out; today's paths by default. */
  readonly endpoints?: Partial<Endpoints>;
}

/** The view sets of the collections and of the operation sets; a name both use is one view set, with the actions of both. */
function viewSetsOf(collections: readonly AnyPublishedCollection[], operations: readonly OperationSet[]): ViewSet[] {
  const byName = new Map<string, ViewSet>();
  const add = ({ name, recordTypes, actions }: ViewSet): void => {
    const known = byName.get(name);
    const twice = actions.filter((action) => known?.actions.includes(action) === true);
    if (twice.length > 0)
      throw new StartupError(
        `view set ${name}: ${twice.map((action) => `${name}.${action}`).join(', ')} is declared by a collection and by operations; declare it once`,
      );
    byName.set(
      name,
      known === undefined
        ? { name, recordTypes, actions }
        : { name, recordTypes: [...new Set([...known.recordTypes, ...recordTypes])], actions: [...known.actions, ...actions] },
    );
  };
  for (const collection of collections) add(viewSetOf(collection));
  for (const { viewSet, operations: declared } of operations) {
    add({
      name: viewSet,
      recordTypes: [...new Set(declared.flatMap((operation) => operation.recordTypes))],
      actions: declared.map(({ action }) => action),
    });
  }
  return [...byName.values()];
}

/**
 * An API from its declaration: the bundle of its versions over its collections' newest shapes and view sets, built
 * into a VersionModel for the settings at start (where a wrong declaration throws VersionModelError, naming it).
 */
export function defineApi<O = undefined, const S extends ApiSettingDeclarations = Record<never, never>>({
  collections = [],
  operations = [],
  versions,
  settings: declared = {} as S,
  options,
  sample,
  title,
  name,
  tags,
  endpoints,
}: ApiDeclaration<O, S>): ApiDefinition {
  for (const collection of collections) refuseUnrouted(collection);
  const own = apiSettingsOf(declared);
  if (collections.length === 0 && operations.length === 0) throw new StartupError('the API declares no collection and no operation; declare one');
  const patterns = [
    ...collections.flatMap(({ path }) => [path, `${path}:id/`]),
    ...operations.flatMap((set) => set.operations.map(({ path }) => path)),
  ];
  const placed = endpointsOf(endpoints, patterns);
  const bundle = {
    versions,
    heads: [
      ...collections.map((collection) => collection.head),
      ...withNestedTypes(operations.flatMap((set) => set.operations.flatMap((operation) => operation.recordTypes))),
    ],
    viewSets: viewSetsOf(collections, operations),
  };
  return {
    collections,
    operations,
    versions: versions.map(({ version }) => version),
    model: (settings) =>
      VersionModel.build(
        bundle,
        (options === undefined ? undefined : options(apiSettingValues(own, settings.apiSettings) as ApiSettingValues<S>)) as O,
        {
          defaultVersion: settings.defaultVersion,
          removedIn: settings.removedIn,
        },
      ),
    sample: sample ?? Object.fromEntries(collections.map((collection) => [collection.name, []])),
    info: { title: title ?? 'Version-aware API', name: name ?? 'The API', tags: tags ?? {} },
    endpoints: placed,
    settings: own,
  };
}
