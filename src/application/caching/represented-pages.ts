import type { CalendarDate } from '../../domain/records/calendar-date.js';
import type { Representation } from '../../domain/versioning/representation.js';
import type { Version } from '../../domain/versioning/version.js';
import type { PageRequest } from '../paging/page-request.js';
import { GenerationalCache } from './generational-cache.js';

/** Pages remembered per collection (fewer than twice this many at once). */
export const MEMOIZED_PAGES = 256;

interface RepresentedPage {
  readonly today: CalendarDate;
  readonly records: readonly unknown[];
  readonly items: readonly Representation[];
}

/** What a list remembers of the pages it represented: RepresentedPages, or a stand-in that remembers nothing. */
export type PageMemory = Pick<RepresentedPages, 'items'>;

/** Makes each list's PageMemory: `() => new RepresentedPages()`, unless a composition replaces it. */
export const PAGE_MEMORY = Symbol.for('PageMemory');

/**
 * The items of the list pages of one collection, as represented: the same page asked for again at the same
 * version on the same day is not represented again record by record. A page is found by version and which
 * slice it is, and used only when it holds the very same record objects in the same order, all frozen (so none
 * can have changed). Its items array is frozen, and so, with MemoizedRepresenter, is every item.
 */
export class RepresentedPages {
  readonly #pages: GenerationalCache<string, RepresentedPage>;

  constructor(capacity = MEMOIZED_PAGES) {
    this.#pages = new GenerationalCache(capacity);
  }

  items<R>(
    version: Version,
    request: PageRequest,
    today: CalendarDate,
    records: readonly R[],
    represent: (record: R) => Representation,
  ): readonly Representation[] {
    const key = `${version.toString()} ${request.key}`;
    const known = this.#pages.get(key);
    if (known !== undefined && known.today.equals(today) && sameObjects(known.records, records)) return known.items;
    const items = new Array<Representation>(records.length);
    for (let index = 0; index < records.length; index += 1) items[index] = represent(records[index] as R);
    if (records.every(isFrozenObject)) this.#pages.set(key, { today, records: [...records], items: Object.freeze(items) });
    return items;
  }
}

function sameObjects(known: readonly unknown[], records: readonly unknown[]): boolean {
  if (known.length !== records.length) return false;
  for (let index = 0; index < known.length; index += 1) {
    if (known[index] !== records[index]) return false;
  }
  return true;
}

function isFrozenObject(record: unknown): boolean {
  return typeof record === 'object' && record !== null && Object.isFrozen(record);
}
