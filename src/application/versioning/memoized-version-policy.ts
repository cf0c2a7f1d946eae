import { deepFreeze } from '../../domain/versioning/deep-freeze.js';
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
import { GenerationalCache } from '../caching/generational-cache.js';
import type { VersionPolicy } from '../ports/version-policy.js';

/** Records per resource whose representations are remembered (fewer than twice this many at once). */
export const MEMOIZED_RECORDS_PER_RESOURCE = 4096;

/** The representations of one record on one day, by version text. */
interface RecordRepresentations {
  readonly today: CalendarDate;
  readonly byVersion: Map<string, Representation>;
}

/**
 * A VersionPolicy that remembers what `represent` made, so a record asked for again at the same version on
 * the same day is not downgraded again: a representation depends on nothing but the record, the version
 * and today (transforms are pure functions of their arguments, and RequestContext holds just those two).
 * Only a frozen record is remembered, by identity, since only then can it not change under the memo. The
 * representations handed out are frozen too, as they are shared. Everything else is the inner policy's.
 */
export class MemoizedVersionPolicy implements VersionPolicy {
  readonly #memos = new Map<ResourceKey<never>, GenerationalCache<object, RecordRepresentations>>();

  constructor(
    private readonly inner: VersionPolicy,
    private readonly recordsPerResource = MEMOIZED_RECORDS_PER_RESOURCE,
  ) {}

  get versions(): readonly Version[] {
    return this.inner.versions;
  }

  get changelog(): readonly ChangelogEntry[] {
    return this.inner.changelog;
  }

  lifecycleOf(version: Version): VersionLifecycle {
    return this.inner.lifecycleOf(version);
  }

  get standings(): readonly VersionStanding[] {
    return this.inner.standings;
  }

  standingOn(today: CalendarDate): VersionStanding {
    return this.inner.standingOn(today);
  }

  isAvailable(viewSet: string, action: string, version: Version): boolean {
    return this.inner.isAvailable(viewSet, action, version);
  }

  hasEnd(viewSet: string, action: string): boolean {
    return this.inner.hasEnd(viewSet, action);
  }

  changelogEntry(version: Version): ChangelogEntry {
    return this.inner.changelogEntry(version);
  }

  schemaOf(key: ResourceKey<never>, version: Version): JsonSchema {
    return this.inner.schemaOf(key, version);
  }

  get resources(): readonly ResourceSample[] {
    return this.inner.resources;
  }

  represent<R>(key: ResourceKey<R>, record: R, context: RequestContext): Representation {
    if (typeof record !== 'object' || record === null || !Object.isFrozen(record)) return this.inner.represent(key, record, context);
    const memo = this.#memoOf(key);
    let known = memo.get(record);
    if (known === undefined || !known.today.equals(context.today)) {
      known = { today: context.today, byVersion: new Map() };
      memo.set(record, known);
    }
    const version = context.version.toString();
    let representation = known.byVersion.get(version);
    if (representation === undefined) {
      representation = deepFreeze(this.inner.represent(key, record, context));
      known.byVersion.set(version, representation);
    }
    return representation;
  }

  #memoOf(key: ResourceKey<never>): GenerationalCache<object, RecordRepresentations> {
    let memo = this.#memos.get(key);
    if (memo === undefined) {
      memo = new GenerationalCache(this.recordsPerResource);
      this.#memos.set(key, memo);
    }
    return memo;
  }
}
