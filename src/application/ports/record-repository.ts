import type { PageRequest } from '../paging/page-request.js';

/** Read access to one collection of records, in ascending id order. */
export interface RecordRepository<R> {
  findById(id: number): Promise<R | undefined>;
  /** The records of one page, ascending by id. */
  list(page: PageRequest): Promise<readonly R[]>;
  count(): Promise<number>;
}
