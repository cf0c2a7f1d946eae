import { parseRecordId } from '../../domain/records/record-id.js';
import type { Representation } from '../../domain/versioning/representation.js';
import type { ResourceKey } from '../../domain/versioning/resource-declaration.js';
import type { Version } from '../../domain/versioning/version.js';
import { NotFoundError } from '../errors/not-found-error.js';
import type { Clock } from '../ports/clock.js';
import type { RecordRepository } from '../ports/record-repository.js';
import type { VersionPolicy } from '../ports/version-policy.js';

export interface RetrieveInput {
  readonly version: Version;
  /** The id as the client wrote it; one that is not a positive integer finds nothing. */
  readonly id: string;
}

/** The `retrieve` action of a collection: one record, shaped for the requested version. */
export abstract class RetrieveRecord<R> {
  constructor(
    private readonly policy: VersionPolicy,
    private readonly clock: Clock,
    private readonly repository: RecordRepository<R>,
    private readonly viewSet: string,
    private readonly resource: ResourceKey<R>,
  ) {}

  async execute({ version, id }: RetrieveInput): Promise<Representation> {
    if (!this.policy.isAvailable(this.viewSet, 'retrieve', version)) throw new NotFoundError('hidden');
    const recordId = parseRecordId(id);
    const record = recordId === undefined ? undefined : await this.repository.findById(recordId);
    if (record === undefined) throw new NotFoundError('no_record');
    return this.policy.represent(this.resource, record, { version, today: this.clock.today() });
  }
}
