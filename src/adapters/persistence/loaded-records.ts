import type { RECORD_COLLECTIONS } from '../../domain/api-history/bundle.js';
import type { RecordOf } from '../../domain/versioning/record-collection.js';

type Collection = (typeof RECORD_COLLECTIONS)[number];

/** Every record of a data file, each validated by the domain, by collection name. */
export type LoadedRecords = { readonly [C in Collection as C['name']]: readonly RecordOf<C>[] };

/** The records of a collection, however it is typed. */
export function recordsOf(records: Partial<LoadedRecords>, collection: { readonly name: string }): readonly { readonly id: number }[] {
  return (records as Readonly<Record<string, readonly { readonly id: number }[] | undefined>>)[collection.name] ?? [];
}
