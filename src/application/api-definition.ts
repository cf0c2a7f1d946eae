import type { DefaultVersionChoice } from '../domain/versioning/default-version.js';
import { viewSetOf, type AnyRecordCollection } from '../domain/versioning/record-collection.js';
import type { RemovalReading } from '../domain/versioning/removal-reading.js';
import type { VersionDeclaration } from '../domain/versioning/version-declaration.js';
import { VersionModel } from '../domain/versioning/version-model.js';

/** What the settings decide of a version model: the default version and how `removedIn` is read, and the API's own options. */
export interface ModelSettings {
  readonly defaultVersion: DefaultVersionChoice;
  readonly removedIn: RemovalReading;
  /** The reference API's choice of how 4.0.0 removes a dog's age (AGE_REMOVAL); another API may ignore it. */
  readonly ageRemoval: 'computed' | 'placeholder';
}

/** What an API's documents call it: each OpenAPI document's title and summary, and what each collection's tag groups. */
export interface ApiInfo {
  /** The documents' title: `Version-aware API`. */
  readonly title: string;
  /** The API in a few words, which a document's summary begins with: `The dogs and cats API` (as version 2.1.0 serves it). */
  readonly name: string;
  /** What each collection's tag groups, by tag: `{ Dogs: 'The dog records.' }`. */
  readonly tags: Readonly<Record<string, string>>;
}

/** The token the composition root binds an API's ApiInfo to. */
export const API_INFO = Symbol.for('ApiInfo');

/**
 * An API the layer serves: its record collections and its history. The composition root makes everything else from
 * it (use cases, routes, OpenAPI documents, changelog, storage tables); the reference dogs and cats are one.
 */
export interface ApiDefinition {
  /** Every collection served, in the order of its routes and its documents' schemas. */
  readonly collections: readonly AnyRecordCollection[];
  /** Every version, newest first: what DEFAULT_VERSION and a client's pin may name. */
  readonly versions: readonly string[];
  /** The history, checked and compiled for the settings; throws VersionModelError naming a wrong declaration. */
  model(settings: ModelSettings): VersionModel;
  /** The records served in memory when DATA_FILE is not set, a list per collection name. */
  readonly sample: Readonly<Record<string, readonly unknown[]>>;
  readonly info: ApiInfo;
}

/** What `defineApi` takes: the collections, every version's declaration newest first, and what a change may choose by. */
export interface ApiDeclaration<O> {
  readonly collections: readonly AnyRecordCollection[];
  /** Newest first: the only place the versions are ordered. */
  readonly versions: readonly VersionDeclaration<O>[];
  /** The options the versions' `records` take, from the settings; none unless a change has variants. */
  readonly options?: (settings: ModelSettings) => O;
  /** The records served in memory when DATA_FILE is not set; none by default. */
  readonly sample?: Readonly<Record<string, readonly unknown[]>>;
  /** The documents' title; `Version-aware API` by default. */
  readonly title?: string;
  /** The API in a few words, which each document's summary begins with; `The API` by default. */
  readonly name?: string;
  /** What each collection's tag groups, by tag; none by default. */
  readonly tags?: Readonly<Record<string, string>>;
}

/**
 * An API from its declaration: the bundle of its versions over its collections' newest shapes and view sets, built
 * into a VersionModel for the settings at start (where a wrong declaration throws VersionModelError, naming it).
 */
export function defineApi<O = undefined>({ collections, versions, options, sample, title, name, tags }: ApiDeclaration<O>): ApiDefinition {
  const bundle = {
    versions,
    heads: collections.map((collection) => collection.head),
    viewSets: collections.map((collection) => viewSetOf(collection)),
  };
  return {
    collections,
    versions: versions.map(({ version }) => version),
    model: (settings) =>
      VersionModel.build(bundle, (options === undefined ? undefined : options(settings)) as O, {
        defaultVersion: settings.defaultVersion,
        removedIn: settings.removedIn,
      }),
    sample: sample ?? Object.fromEntries(collections.map((collection) => [collection.name, []])),
    info: { title: title ?? 'Version-aware API', name: name ?? 'The API', tags: tags ?? {} },
  };
}
