import type { PageRequest } from '../paging/page-request.js';
import type { Awaitable } from './awaitable.js';

/**
 * The records of one page, ascending by id, whether the collection holds records before the first and after the last,
 * and how many it holds in all, read together (on PostgreSQL in one statement, so from one snapshot).
 */
export interface RecordSlice<R> {
  readonly records: readonly R[];
  /** Records come before the first of `records`; false when `records` is empty. */
  readonly before: boolean;
  /** Records come after the last of `records`; false when `records` is empty. */
  readonly after: boolean;
  /** The number of records in the whole collection, exact. */
  readonly total: number;
}

/**
 * Read access to one collection of records, in ascending id order; an adapter answers at once or with a promise.
 * Every record returned is deeply frozen and never changed afterwards: the caches above this port key on record
 * objects, and are right only because an object, once returned, always holds the same values.
 */
export interface RecordRepository<R> {
  findById(id: number): Awaitable<R | undefined>;
  /** The records of one page (by offset, or next to a cursor's id), ascending by id, and the collection's size. */
  list(page: PageRequest): Awaitable<RecordSlice<R>>;
}

/** The token a storage adapter binds the repository of a collection to (every collection has one, by its name). */
export function repositoryOf(collection: { readonly name: string }): symbol {
  return Symbol.for(`RecordRepository(${collection.name})`);
}
