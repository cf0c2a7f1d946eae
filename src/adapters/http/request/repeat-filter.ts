/** Slots of the table; a power of two, so that a hash picks its slot with a mask. */
export const REPEAT_FILTER_SLOTS = 4096;

/**
 * Tells whether a string has been seen before, most likely, in a table of fixed size that holds hashes,
 * not strings: nothing is allocated per string, so a flood of strings never seen again leaves no garbage.
 * It forgets: a string whose slot another string took since is new again. It can be wrong the other way
 * only when two strings share a slot and a 32-bit hash (or a string's hash is 0, an empty slot's value),
 * which a cache in front of it may safely admit.
 */
export class RepeatFilter {
  readonly #hashes = new Uint32Array(REPEAT_FILTER_SLOTS);

  /** True when `text` was seen before (and still holds its slot); otherwise false, and it is remembered. */
  seenBefore(text: string): boolean {
    const hash = fnv1a(text);
    const slot = hash & (REPEAT_FILTER_SLOTS - 1);
    if (this.#hashes[slot] === hash) return true;
    this.#hashes[slot] = hash;
    return false;
  }
}

/** 32-bit FNV-1a over the UTF-16 code units. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
  }
  return hash >>> 0;
}
