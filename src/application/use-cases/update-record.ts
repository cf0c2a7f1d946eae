import { parseRecordId } from '../../domain/records/record-id.js';
import { Refusal } from '../../domain/errors/refusal.js';
import type { JsonSchema } from '../../domain/versioning/json-schema.js';
import { mergePatch } from '../../domain/versioning/merge-patch.js';
import type { Representation } from '../../domain/versioning/representation.js';
import { whenReady, type Awaitable } from '../ports/awaitable.js';
import { NotFoundError } from '../errors/refusals.js';
import { patchOf, RecordWrite, refusingWith, type WriteInput } from './record-write.js';

export interface UpdateInput extends WriteInput {
  /** The id as the client wrote it; one that is not a positive integer finds nothing. */
  readonly id: string;
}

/**
 * The `update` action of a collection that declares it: a JSON merge patch (RFC 7396) in the request's version's
 * shape, upgraded as a whole body is (each change's `upgradeRequest` sees only the fields sent), merged into the
 * record's newest representation, which must then fit the newest schema and the record's rules.
 */
export class UpdateRecord<R extends { readonly id: number }> extends RecordWrite<R> {
  // A getter, not a field: the base's constructor reads it, before a subclass's fields are set.
  protected get action(): 'update' {
    return 'update';
  }

  protected bodyOf(recordSchema: JsonSchema): JsonSchema {
    return patchOf(recordSchema);
  }

  protected newestOf(recordSchema: JsonSchema): JsonSchema {
    return recordSchema;
  }

  /**
   * The record as stored after the patch (`represent` shapes it), or the refusal: NotFoundError where the action is
   * hidden or no record has the id, InvalidBodyError, or the storage's. Only a fault rejects.
   */
  update(input: UpdateInput): Awaitable<R | Refusal> {
    const { version, today, id } = input;
    if (!this.isAvailableAt(version)) return new NotFoundError('hidden');
    const recordId = parseRecordId(id);
    if (recordId === undefined) return new NotFoundError('no_record');
    const patch = this.upgrade(input);
    if (patch instanceof Refusal) return patch;
    const changed = refusingWith(() =>
      this.writer.update(recordId, (current) => {
        const newest = this.collection.head.represent(current as never);
        // The id is the record's whatever a patch says: a schema that is not closed would let one through.
        const merged = { ...(mergePatch(newest, patch) as Representation), id: current.id };
        const problems = this.newest(merged);
        if (problems.length > 0) throw this.unfitNewest(version, problems);
        return this.parse(merged, version, today);
      }),
    );
    return whenReady(changed, (record) => record ?? new NotFoundError('no_record'));
  }
}
