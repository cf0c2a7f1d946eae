/** A record, or one of its fields, breaks the record's rules: the data file refuses the start, a stored row is a fault. */
export class InvalidRecordError extends Error {
  readonly code = 'invalid_record';

  constructor(
    readonly field: string | undefined,
    readonly reason: string,
  ) {
    super(field === undefined ? reason : `${field}: ${reason}`);
    this.name = 'InvalidRecordError';
  }
}
