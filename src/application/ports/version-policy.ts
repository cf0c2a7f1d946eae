import type { ChangelogEntry } from '../../domain/versioning/changelog-entry.js';
import type { JsonSchema } from '../../domain/versioning/json-schema.js';
import type { ResourceSample } from '../../domain/versioning/version-model.js';
import type { Representation } from '../../domain/versioning/representation.js';
import type { RequestContext } from '../../domain/versioning/request-context.js';
import type { ResourceKey } from '../../domain/versioning/resource-declaration.js';
import type { Version } from '../../domain/versioning/version.js';

/** The versioning rules the use cases follow; the domain's VersionModel is the implementation. */
export interface VersionPolicy {
  /** Newest first. */
  readonly versions: readonly Version[];
  readonly changelog: readonly ChangelogEntry[];
  resolve(requested: string | undefined): Version;
  isAvailable(viewSet: string, action: string, version: Version): boolean;
  represent<R>(key: ResourceKey<R>, record: R, context: RequestContext): Representation;
  changelogEntry(version: Version): ChangelogEntry;
  /** The JSON Schema of the record type's shape at the version. */
  schemaOf(key: ResourceKey<never>, version: Version): JsonSchema;
  /** The declared record types, with their example records when they have one. */
  readonly resources: readonly ResourceSample[];
}

export const VERSION_POLICY = Symbol.for('VersionPolicy');
