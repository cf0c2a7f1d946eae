import { recordFields, recordId, recordName } from '../records/record-fields.js';

/** A cat record: an id and a name, with the same rules as a dog's. */
export interface Cat {
  readonly id: number;
  readonly name: string;
}

const CAT_FIELDS = ['id', 'name'] as const;

/** A cat from untrusted input. Throws InvalidRecordError. */
export function parseCat(input: unknown): Cat {
  const fields = recordFields(input, CAT_FIELDS);
  return Object.freeze({ id: recordId(fields.id), name: recordName(fields.name) });
}
