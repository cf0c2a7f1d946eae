import { deepFreeze } from '../../domain/versioning/deep-freeze.js';
import type { Representation } from '../../domain/versioning/representation.js';
import type { RequestContext } from '../../domain/versioning/request-context.js';
import type { ResourceKey } from '../../domain/versioning/resource-key.js';
import type { CalendarDate } from '../../domain/records/calendar-date.js';
import { GenerationalCache } from '../caching/generational-cache.js';
import type { Representer } from '../ports/representer.js';
/** Records per resource whose representations are remembered (fewer than twice this many at once). */
export const MEMOIZED_RECORDS_PER_RESOURCE = 4096;

/** The representations of one record on one day, by version text. */
interface RecordRepresentations {
  readonly today: CalendarDate;
  readonly byVersion: Map<string, Representation>;
}

/**
 * A Representer that remembers what the one it wraps made, so a record asked for again at the same version on
 * the same day is not downgraded again: a representation depends on nothing but the record, the version
 * and today (transforms are pure functions of their arguments, and RequestContext holds just those two).
 * Only a frozen record is remembered, by identity, since only then can it not change under the memo. The
 * representations handed out are frozen too, as they are shared.
 */
export class MemoizedRepresenter implements Representer {
  readonly #memos = new Map<ResourceKey<never>, GenerationalCache<object, RecordRepresentations>>();

  constructor(
    private readonly inner: Representer,
    private readonly recordsPerResource = MEMOIZED_RECORDS_PER_RESOURCE,
  ) {}

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
