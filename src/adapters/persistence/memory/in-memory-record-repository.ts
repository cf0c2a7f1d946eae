import type { PageRequest } from '../../../application/paging/page-request.js';
import type { RecordRepository, RecordSlice } from '../../../application/ports/record-repository.js';

/** A collection held in memory, sorted by id once when it is built; it answers at once, never with a promise. */
export class InMemoryRecordRepository<R extends { readonly id: number }> implements RecordRepository<R> {
  readonly #sorted: readonly R[];
  readonly #byId: ReadonlyMap<number, R>;

  constructor(records: Iterable<R>) {
    const byId = new Map<number, R>();
    for (const record of records) {
      if (byId.has(record.id)) throw new Error(`two records have id ${record.id}; ids must be unique`);
      byId.set(record.id, record);
    }
    this.#byId = byId;
    // Not frozen: it is never handed out, and V8 slices a frozen array on a slow path.
    this.#sorted = [...byId.values()].sort((a, b) => a.id - b.id);
  }

  findById(id: number): R | undefined {
    return this.#byId.get(id);
  }

  list(page: PageRequest): RecordSlice<R> {
    const { limit, offset, cursor } = page;
    const size = this.#sorted.length;
    let start: number;
    let end: number;
    if (cursor?.side === 'before') {
      end = this.#firstIndexAbove(cursor.id - 1);
      start = Math.max(0, end - limit);
    } else {
      start = cursor === undefined ? Math.min(offset, size) : this.#firstIndexAbove(cursor.id);
      end = Math.min(start + limit, size);
    }
    const records = this.#sorted.slice(start, end);
    const some = records.length > 0;
    return { records, before: some && start > 0, after: some && end < size, total: size };
  }

  /** The index of the first record whose id is above `id` (the length when none is), by binary search. */
  #firstIndexAbove(id: number): number {
    let low = 0;
    let high = this.#sorted.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.#sorted[middle] as R).id > id) high = middle;
      else low = middle + 1;
    }
    return low;
  }
}
