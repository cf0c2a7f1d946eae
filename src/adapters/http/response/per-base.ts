/** Bases a PerBase keeps values for: a framework mounts an API at a path or a few, a path with a parameter (`/:tenant`) at many. */
export const KEPT_BASES = 16;

/**
 * Values made once for each base path an API is mounted at (its links, its documents' `servers`), for the first
 * KEPT_BASES bases; any further base has its value made on each request, so no client can grow it.
 */
export class PerBase<T> {
  readonly #kept = new Map<string, T>();

  constructor(private readonly make: (base: string) => T) {}

  of(base: string): T {
    const kept = this.#kept.get(base);
    if (kept !== undefined) return kept;
    const made = this.make(base);
    if (this.#kept.size < KEPT_BASES) this.#kept.set(base, made);
    return made;
  }
}
