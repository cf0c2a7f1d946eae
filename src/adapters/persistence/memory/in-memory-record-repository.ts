import type { PageRequest } from '../../../application/paging/page-request.js';
import type { RecordRepository } from '../../../application/ports/record-repository.js';

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

  list(page: PageRequest): readonly R[] {
    return this.#sorted.slice(page.offset, page.offset + page.limit);
  }

  count(): number {
    return this.#sorted.length;
  }
}
