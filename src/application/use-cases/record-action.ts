import type { CollectionAction } from '../../domain/versioning/record-collection.js';
import type { Representation } from '../../domain/versioning/representation.js';
import type { RequestContext } from '../../domain/versioning/request-context.js';
import type { RecordType } from '../../domain/versioning/record-type.js';
import type { Version } from '../../domain/versioning/version.js';
import type { VersionModel } from '../../domain/versioning/version-model.js';
import type { RecordRepository } from '../ports/record-repository.js';
import type { Representer } from '../ports/representer.js';

/** An action of a collection's view set: what it reads, and whether it exists at a version. */
export abstract class RecordAction<R> {
  protected abstract readonly action: CollectionAction;

  constructor(
    protected readonly model: Pick<VersionModel, 'isAvailable' | 'hasEnd'>,
    protected readonly representer: Representer,
    protected readonly repository: RecordRepository<R>,
    private readonly viewSet: string,
    /** The record type it answers with. */
    readonly recordType: RecordType<R>,
  ) {}

  /**
   * The record shaped for the request's version and day: a pure function of the three, so an answer made from it may
   * be remembered (the HTTP edge's AnswerCache does).
   */
  readonly represent = (record: R, context: RequestContext): Representation => this.representer.represent(this.recordType, record, context);

  /** Whether the action exists at the version (execute answers NotFoundError 'hidden' where it does not). */
  isAvailableAt(version: Version): boolean {
    return this.model.isAvailable(this.viewSet, this.action, version);
  }

  /** Whether the action is removed after the last version that serves it. */
  hasEnd(): boolean {
    return this.model.hasEnd(this.viewSet, this.action);
  }
}
