import type { PageRequest } from '../paging/page-request.js';
import type { Awaitable } from './awaitable.js';

/**
 * Read access to one collection of records, in ascending id order; an adapter answers at once or with a promise.
 * Every record returned is deeply frozen and never changed afterwards: the caches above this port key on record
 * objects, and are right only because an object, once returned, always holds the same values.
 */
export interface RecordRepository<R> {
  findById(id: number): Awaitable<R | undefined>;
  /** The records of one page, ascending by id. */
  list(page: PageRequest): Awaitable<readonly R[]>;
  count(): Awaitable<number>;
}
