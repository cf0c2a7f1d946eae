import type { ChangelogEntry } from '../../domain/versioning/changelog-entry.js';
import type { JsonSchema } from '../../domain/versioning/json-schema.js';
import type { ResourceSample } from '../../domain/versioning/version-model.js';
import type { Representation } from '../../domain/versioning/representation.js';
import type { RequestContext } from '../../domain/versioning/request-context.js';
import type { ResourceKey } from '../../domain/versioning/resource-key.js';
import type { Version } from '../../domain/versioning/version.js';
import type { CalendarDate } from '../../domain/records/calendar-date.js';
import type { VersionLifecycle } from '../../domain/versioning/version-lifecycle.js';
import type { VersionStanding } from '../../domain/versioning/version-standing.js';

/** The versioning rules the use cases follow; the domain's VersionModel is the implementation. */
export interface VersionPolicy {
  /** Newest first. */
  readonly versions: readonly Version[];
  readonly changelog: readonly ChangelogEntry[];
  isAvailable(viewSet: string, action: string, version: Version): boolean;
  /** Whether the action has a removedIn: it is not served after the last version it is available at. */
  hasEnd(viewSet: string, action: string): boolean;
  represent<R>(key: ResourceKey<R>, record: R, context: RequestContext): Representation;
  changelogEntry(version: Version): ChangelogEntry;
  /** The JSON Schema of the record type's shape at the version. */
  schemaOf(key: ResourceKey<never>, version: Version): JsonSchema;
  /** The declared record types, with their example records when they have one. */
  readonly resources: readonly ResourceSample[];
  /** The version's declared deprecation (date and link) and sunset, each null when not declared. */
  lifecycleOf(version: Version): VersionLifecycle;
  /** Oldest first: one before any sunset, then one from each sunset date on. */
  readonly standings: readonly VersionStanding[];
  /** The versions as they stand on `today`: which are served, and which one a request naming none gets. */
  standingOn(today: CalendarDate): VersionStanding;
}

export const VERSION_POLICY = Symbol.for('VersionPolicy');
