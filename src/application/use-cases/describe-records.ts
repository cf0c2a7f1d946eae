import { inject, injectable } from 'inversify';
import type { JsonSchema } from '../../domain/versioning/json-schema.js';
import type { Representation } from '../../domain/versioning/representation.js';
import type { ResourceKey } from '../../domain/versioning/resource-key.js';
import type { Version } from '../../domain/versioning/version.js';
import { CLOCK, type Clock } from '../ports/clock.js';
import { VERSION_POLICY, type VersionPolicy } from '../ports/version-policy.js';

/** A record type as one version publishes it: its schema, and its example record in that version's shape. */
export interface RecordDescription {
  readonly key: ResourceKey<never>;
  readonly schema: JsonSchema;
  readonly example?: Representation;
}

/** What each version promises of each record type: the schemas the published contracts are made from. */
@injectable()
export class DescribeRecords {
  constructor(
    @inject(VERSION_POLICY) private readonly policy: VersionPolicy,
    @inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Newest first. */
  get versions(): readonly Version[] {
    return this.policy.versions;
  }

  /** Every record type at the version; an example is shaped as of today, as a request would get it. */
  execute({ version }: { readonly version: Version }): readonly RecordDescription[] {
    const context = { version, today: this.clock.today() };
    return this.policy.resources.map(({ key, example }) => {
      const schema = this.policy.schemaOf(key, version);
      return example === undefined ? { key, schema } : { key, schema, example: this.policy.represent(key, example as never, context) };
    });
  }
}
