import type { InvalidRecordError } from '../../../domain/records/invalid-record-error.js';

/** A stored row breaks the record's rules (a hand edit, another writer); it is never served. */
export class StoredRecordError extends Error {
  constructor(table: string, id: unknown, error: InvalidRecordError) {
    super(`table ${table}: the row with id ${String(id)} is not a valid record: ${error.message}`, { cause: error });
    this.name = 'StoredRecordError';
  }
}
