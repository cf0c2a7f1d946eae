import { inject, injectable } from 'inversify';
import type { JsonSchema } from '../../domain/versioning/json-schema.js';
import type { Representation } from '../../domain/versioning/representation.js';
import type { RecordType } from '../../domain/versioning/record-type.js';
import type { Version } from '../../domain/versioning/version.js';
import { CLOCK, type Clock } from '../ports/clock.js';
import type { VersionModel } from '../../domain/versioning/version-model.js';
import { VERSION_MODEL } from '../version-model-token.js';

/** A record type as one version publishes it: its schema, and its example record in that version's shape. */
export interface RecordDescription {
  readonly key: RecordType<never>;
  readonly schema: JsonSchema;
  readonly example?: Representation;
}

/** What each version promises of each record type: the schemas the published contracts are made from. */
@injectable()
export class DescribeRecords {
  constructor(
    @inject(VERSION_MODEL) private readonly model: Pick<VersionModel, 'versions' | 'samples' | 'schemaOf' | 'represent'>,
    @inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Newest first. */
  get versions(): readonly Version[] {
    return this.model.versions;
  }

  /** Every record type at the version; an example is shaped as of today, as a request would get it. */
  execute({ version }: { readonly version: Version }): readonly RecordDescription[] {
    const context = { version, today: this.clock.today() };
    return this.model.samples.map(({ key, example }) => {
      const schema = this.model.schemaOf(key, version);
      return example === undefined ? { key, schema } : { key, schema, example: this.model.represent(key, example as never, context) };
    });
  }
}
