import type { PageRequest } from './page-request.js';

/** One page of a collection: its items, the request that chose them, and the size of the whole. */
export interface Page<T> {
  readonly items: readonly T[];
  readonly request: PageRequest;
  readonly total: number;
}
