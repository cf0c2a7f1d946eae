/** Names a record type in the version model; the type parameter ties the key to its record type. */
export interface ResourceKey<R> {
  readonly name: string;
  readonly accepts?: (record: R) => void;
}

export function resourceKey<R>(name: string): ResourceKey<R> {
  return Object.freeze({ name });
}
