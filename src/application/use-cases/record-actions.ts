import type { AnyRecordCollection } from '../../domain/versioning/record-collection.js';
import type { ListRecords } from './list-records.js';
import type { RetrieveRecord } from './retrieve-record.js';
import type { CreateRecord } from './create-record.js';
import type { UpdateRecord } from './update-record.js';

/** A collection with its use cases, bound to its repository (and writer), view set and record type: the writes only where it declares them. */
export interface CollectionUseCases {
  readonly collection: AnyRecordCollection;
  readonly list: ListRecords<{ readonly id: number }>;
  readonly retrieve: RetrieveRecord<{ readonly id: number }>;
  readonly create?: CreateRecord<{ readonly id: number }>;
  readonly update?: UpdateRecord<{ readonly id: number }>;
}

/** The composition root binds one CollectionUseCases per record collection, in the bundle's order. */
export const COLLECTION_USE_CASES = Symbol.for('CollectionUseCases');
