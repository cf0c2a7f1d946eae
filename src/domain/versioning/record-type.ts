/** Names a record type in the version model; the type parameter ties the key to its record type. */
export interface RecordType<R> {
  readonly name: string;
  readonly accepts?: (record: R) => void;
}

export function recordType<R>(name: string): RecordType<R> {
  return Object.freeze({ name });
}
