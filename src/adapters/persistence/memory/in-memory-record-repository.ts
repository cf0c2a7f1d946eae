import { WritesUnavailableError } from '../../../application/errors/refusals.js';
import type { PageRequest } from '../../../application/paging/page-request.js';
import type { RecordRepository, RecordSlice } from '../../../application/ports/record-repository.js';
import { IDEMPOTENCY_KEY_HOURS, type CreateResult, type IdempotencyClaim, type RecordWriter } from '../../../application/ports/record-writer.js';

const KEY_LIFETIME_MS = IDEMPOTENCY_KEY_HOURS * 3_600_000;

export interface InMemoryRecordOptions {
  /** The time in milliseconds, which ages the Idempotency-Keys (Date.now unless a test passes time). */
  readonly now?: () => number;
  /** Writes throw WritesUnavailableError: the storage of a service running several processes, which the others would not see. */
  readonly writesRefused?: boolean;
}

/** Why: each process of several (WORKERS above 1) holds its own records, so another would not see the write. */
const WRITES_REFUSED =
  'Writes are taken here only with STORAGE=postgres, or with the in-memory storage in one process (WORKERS=1): another process would not see them.';

/** An Idempotency-Key as stored: the request it came with, the record it made, and when. */
interface StoredKey {
  readonly fingerprint: string;
  readonly id: number;
  readonly at: number;
}

/**
 * A collection held in memory, sorted by id, which it reads and writes; it answers at once, never with a promise.
 * A create appends (its id is one above the highest), an update replaces in place, so reads do no extra work.
 */
export class InMemoryRecordRepository<R extends { readonly id: number }> implements RecordRepository<R>, RecordWriter<R> {
  // Not frozen: it is never handed out, and V8 slices a frozen array on a slow path.
  readonly #sorted: R[];
  readonly #byId = new Map<number, R>();
  /** By scope and key, oldest first (a Map keeps insertion order), so the expired ones are at the front. */
  readonly #keys = new Map<string, StoredKey>();
  readonly #now: () => number;
  readonly #writesRefused: boolean;

  constructor(records: Iterable<R>, { now = Date.now, writesRefused = false }: InMemoryRecordOptions = {}) {
    for (const record of records) {
      if (this.#byId.has(record.id)) throw new Error(`two records have id ${record.id}; ids must be unique`);
      this.#byId.set(record.id, record);
    }
    this.#sorted = [...this.#byId.values()].sort((a, b) => a.id - b.id);
    this.#now = now;
    this.#writesRefused = writesRefused;
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

  create(make: (id: number) => R, claim?: IdempotencyClaim): CreateResult<R> {
    if (this.#writesRefused) throw new WritesUnavailableError(WRITES_REFUSED);
    const now = this.#now();
    this.#forgetKeysBefore(now - KEY_LIFETIME_MS);
    let slot: string | undefined;
    if (claim !== undefined) {
      // JSON keeps scope and key apart whatever characters they hold.
      slot = JSON.stringify([claim.scope, claim.key]);
      const stored = this.#keys.get(slot);
      if (stored !== undefined) {
        if (stored.fingerprint !== claim.fingerprint) return { kind: 'key_reused' };
        return { kind: 'replayed', record: this.#byId.get(stored.id) as R };
      }
    }
    const id = (this.#sorted[this.#sorted.length - 1]?.id ?? 0) + 1;
    const record = madeFor(id, make(id));
    this.#sorted.push(record);
    this.#byId.set(id, record);
    if (slot !== undefined && claim !== undefined) this.#keys.set(slot, { fingerprint: claim.fingerprint, id, at: now });
    return { kind: 'created', record };
  }

  update(id: number, change: (current: R) => R): R | undefined {
    if (this.#writesRefused) throw new WritesUnavailableError(WRITES_REFUSED);
    const current = this.#byId.get(id);
    if (current === undefined) return undefined;
    const record = madeFor(id, change(current));
    this.#sorted[this.#firstIndexAbove(id) - 1] = record;
    this.#byId.set(id, record);
    return record;
  }

  /** Drops the keys stored before `cutoff`: they are the first in the map, which holds them in the order they came. */
  #forgetKeysBefore(cutoff: number): void {
    for (const [slot, { at }] of this.#keys) {
      if (at >= cutoff) return;
      this.#keys.delete(slot);
    }
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

/** The record a maker gave for `id`, frozen (shallowly: freezing deeper is the maker's job); another id is a bug of the maker. */
function madeFor<R extends { readonly id: number }>(id: number, record: R): R {
  if (record.id !== id) throw new Error(`a record made for id ${id} has id ${record.id}`);
  return Object.isFrozen(record) ? record : Object.freeze(record);
}
