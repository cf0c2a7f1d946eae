import { parseRecordId } from '../../domain/records/record-id.js';
import type { CalendarDate } from '../../domain/records/calendar-date.js';
import type { Representation } from '../../domain/versioning/representation.js';
import type { Version } from '../../domain/versioning/version.js';
import { whenReady, type Awaitable } from '../ports/awaitable.js';
import { RecordAction } from './record-action.js';
import { NotFoundError } from '../errors/refusals.js';

export interface RetrieveInput {
  readonly version: Version;
  /** The service's date for the request (a dog's age depends on it). */
  readonly today: CalendarDate;
  /** The id as the client wrote it; one that is not a positive integer finds nothing. */
  readonly id: string;
}

/** The `retrieve` action of a collection: one record, shaped for the requested version. */
export class RetrieveRecord<R> extends RecordAction<R> {
  protected readonly action = 'retrieve';

  /**
   * The representation, or a promise of it when the repository answers with one; a refusal (NotFoundError, the action
   * hidden or no such record) is the answer, not thrown. Only a fault of the storage rejects.
   */
  execute(input: RetrieveInput): Awaitable<Representation | NotFoundError> {
    return whenReady(this.find(input), (record) => (record instanceof NotFoundError ? record : this.represent(record, input)));
  }

  /** What `execute` answers, before the record is shaped (`represent` shapes it): the record as stored, or the refusal. */
  find({ version, id }: Pick<RetrieveInput, 'version' | 'id'>): Awaitable<R | NotFoundError> {
    if (!this.isAvailableAt(version)) return new NotFoundError('hidden');
    const recordId = parseRecordId(id);
    if (recordId === undefined) return new NotFoundError('no_record');
    return whenReady(this.repository.findById(recordId), orNoRecord);
  }
}

function orNoRecord<R>(record: R | undefined): R | NotFoundError {
  return record ?? new NotFoundError('no_record');
}
