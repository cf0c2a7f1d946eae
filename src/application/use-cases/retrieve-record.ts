import { parseRecordId } from '../../domain/records/record-id.js';
import type { Representation } from '../../domain/versioning/representation.js';
import type { ResourceKey } from '../../domain/versioning/resource-key.js';
import type { Version } from '../../domain/versioning/version.js';
import type { VersionModel } from '../../domain/versioning/version-model.js';
import { NotFoundError } from '../errors/not-found-error.js';
import { whenReady, type Awaitable } from '../ports/awaitable.js';
import type { Clock } from '../ports/clock.js';
import type { RecordRepository } from '../ports/record-repository.js';
import type { Representer } from '../ports/representer.js';

export interface RetrieveInput {
  readonly version: Version;
  /** The id as the client wrote it; one that is not a positive integer finds nothing. */
  readonly id: string;
}

/** The `retrieve` action of a collection: one record, shaped for the requested version. */
export class RetrieveRecord<R> {
  constructor(
    private readonly model: Pick<VersionModel, 'isAvailable' | 'hasEnd'>,
    private readonly representer: Representer,
    private readonly clock: Clock,
    private readonly repository: RecordRepository<R>,
    private readonly viewSet: string,
    /** The record type it answers with. */
    readonly resource: ResourceKey<R>,
  ) {}

  /** Whether the action exists at the version (execute answers NotFoundError 'hidden' where it does not). */
  isAvailableAt(version: Version): boolean {
    return this.model.isAvailable(this.viewSet, 'retrieve', version);
  }

  /** Whether the action is removed after the last version that serves it. */
  hasEnd(): boolean {
    return this.model.hasEnd(this.viewSet, 'retrieve');
  }

  /**
   * The representation, or a promise of it when the repository answers with one; a refusal (NotFoundError, the action
   * hidden or no such record) is the answer, not thrown. Only a fault of the storage rejects.
   */
  execute({ version, id }: RetrieveInput): Awaitable<Representation | NotFoundError> {
    if (!this.isAvailableAt(version)) return new NotFoundError('hidden');
    const recordId = parseRecordId(id);
    if (recordId === undefined) return new NotFoundError('no_record');
    return whenReady(this.repository.findById(recordId), (record) =>
      record === undefined
        ? new NotFoundError('no_record')
        : this.representer.represent(this.resource, record, { version, today: this.clock.today() }),
    );
  }
}
