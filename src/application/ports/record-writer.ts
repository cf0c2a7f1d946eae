import type { Awaitable } from './awaitable.js';

/** How long a create's Idempotency-Key is kept: a retry within it makes no second record (Stripe keeps one 24 hours). */
export const IDEMPOTENCY_KEY_HOURS = 24;

/** A create's Idempotency-Key, stored with the record it made: whose key it is, the key, and what request came with it. */
export interface IdempotencyClaim {
  /** Whose key it is (a client's id, or `anonymous`): one caller's key never answers another's. */
  readonly scope: string;
  readonly key: string;
  /** A digest of the request the key came with: the same key with another request is refused, never replayed. */
  readonly fingerprint: string;
}

/** What a create did: stored a new record, found the record its claim's key made before, or found that key used for another request. */
export type CreateResult<R> =
  { readonly kind: 'created'; readonly record: R } | { readonly kind: 'replayed'; readonly record: R } | { readonly kind: 'key_reused' };

/**
 * Write access to one collection, for a collection that declares writes. Each call is atomic: a record `make` or
 * `change` refuses (by throwing, as a collection's `parse` does) is not stored, the error rethrown; a record stored is
 * deeply frozen and never changed afterwards, so the caches keyed on record objects stay right.
 */
export interface RecordWriter<R> {
  /**
   * Stores the record `make` builds from the id the storage gives (one above the highest stored). With a claim, the
   * key is stored with the record, in the same transaction: a retry with it answers `replayed` and the record as it is
   * now, for IDEMPOTENCY_KEY_HOURS; the same key with another fingerprint answers `key_reused`, storing nothing.
   */
  create(make: (id: number) => R, claim?: IdempotencyClaim): Awaitable<CreateResult<R>>;
  /** Replaces the record of `id` by what `change` makes of it, no other write between the read and the write; undefined when no record has that id. */
  update(id: number, change: (current: R) => R): Awaitable<R | undefined>;
}

/** The token a storage adapter binds the writer of a collection to, by its name (every collection has one). */
export function writerOf(collection: { readonly name: string }): symbol {
  return Symbol.for(`RecordWriter(${collection.name})`);
}
