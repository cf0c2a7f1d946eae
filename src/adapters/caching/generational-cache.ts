/**
 * A map that holds fewer than twice `capacity` entries, with no bookkeeping on a hit: entries go into a
 * young generation; when it is full it becomes the old one and the old one is dropped. An old entry that
 * is read moves back to the young generation, so what is used keeps its place and what is not is forgotten.
 */
export class GenerationalCache<K, V> {
  #young = new Map<K, V>();
  #old = new Map<K, V>();

  constructor(readonly capacity: number) {
    if (!Number.isSafeInteger(capacity) || capacity < 1) throw new RangeError(`a cache holds at least one entry, not ${capacity}`);
  }

  get size(): number {
    return this.#young.size + this.#old.size;
  }

  get(key: K): V | undefined {
    const young = this.#young.get(key);
    if (young !== undefined) return young;
    const old = this.#old.get(key);
    if (old !== undefined) {
      this.#old.delete(key);
      this.#store(key, old);
    }
    return old;
  }

  set(key: K, value: V): void {
    this.#old.delete(key);
    this.#store(key, value);
  }

  #store(key: K, value: V): void {
    this.#young.set(key, value);
    if (this.#young.size >= this.capacity) {
      this.#old = this.#young;
      this.#young = new Map();
    }
  }
}
