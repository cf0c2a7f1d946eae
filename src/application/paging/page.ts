import type { PageRequest } from './page-request.js';

/** One page of a collection: its items, the request that chose them, the size of the whole, and the cursors to its neighbours. */
export interface Page<T> {
  readonly items: readonly T[];
  readonly request: PageRequest;
  readonly total: number;
  /** The id the next page starts after (`starting_after`), when records follow this page. */
  readonly nextAfter?: number;
  /** The id the previous page ends before (`ending_before`), when records precede this page. */
  readonly previousBefore?: number;
}
