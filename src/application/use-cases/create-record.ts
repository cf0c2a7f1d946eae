import type { JsonSchema } from '../../domain/versioning/json-schema.js';
import { Refusal } from '../../domain/errors/refusal.js';
import { whenReady, type Awaitable } from '../ports/awaitable.js';
import type { IdempotencyClaim } from '../ports/record-writer.js';
import { IdempotencyKeyReusedError, NotFoundError, type InvalidBodyError } from '../errors/refusals.js';
import { RecordWrite, refusingWith, withoutId, type WriteInput } from './record-write.js';

export interface CreateInput extends WriteInput {
  /** The request's Idempotency-Key, with whose it is and a digest of the request; none: every request creates. */
  readonly idempotency?: IdempotencyClaim;
}

/** A record stored, or the one an earlier request with the same Idempotency-Key stored (`replayed`). */
export interface Created<R> {
  readonly record: R;
  readonly replayed: boolean;
}

/** The `create` action of a collection that declares it: a body of the request's version made a new record, its id given by the storage. */
export class CreateRecord<R extends { readonly id: number }> extends RecordWrite<R> {
  // A getter, not a field: the base's constructor reads it, before a subclass's fields are set.
  protected get action(): 'create' {
    return 'create';
  }

  protected bodyOf(recordSchema: JsonSchema): JsonSchema {
    return withoutId(recordSchema);
  }

  protected newestOf(recordSchema: JsonSchema): JsonSchema {
    return withoutId(recordSchema);
  }

  /**
   * The record stored, as stored (`represent` shapes it for the request's version), or the refusal: NotFoundError where
   * the action is hidden, InvalidBodyError, IdempotencyKeyReusedError, or the storage's. Only a fault rejects.
   */
  create(input: CreateInput): Awaitable<Created<R> | Refusal> {
    const { version, today, idempotency } = input;
    if (!this.isAvailableAt(version)) return new NotFoundError('hidden');
    const fields = this.upgrade(input);
    if (fields instanceof Refusal) return fields;
    const problems = this.newest(fields);
    if (problems.length > 0) return this.unfitNewest(version, problems) satisfies InvalidBodyError;
    const made = refusingWith(() => this.writer.create((id) => this.parse({ ...fields, id }, version, today), idempotency));
    return whenReady(made, (result) => {
      if (result instanceof Refusal) return result;
      if (result.kind === 'key_reused') return new IdempotencyKeyReusedError();
      return { record: result.record, replayed: result.kind === 'replayed' };
    });
  }
}
