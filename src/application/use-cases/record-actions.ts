import type { AnyRecordCollection } from '../../domain/versioning/record-collection.js';
import type { ListRecords } from './list-records.js';
import type { RetrieveRecord } from './retrieve-record.js';

/** A collection with its list and retrieve use cases, bound to its repository, view set and record type. */
export interface CollectionUseCases {
  readonly collection: AnyRecordCollection;
  readonly list: ListRecords<{ readonly id: number }>;
  readonly retrieve: RetrieveRecord<{ readonly id: number }>;
}

/** The composition root binds one CollectionUseCases per record collection, in the bundle's order. */
export const COLLECTION_USE_CASES = Symbol.for('CollectionUseCases');
