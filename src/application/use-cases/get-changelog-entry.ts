import { inject, injectable } from 'inversify';
import type { ChangelogEntry } from '../../domain/versioning/changelog-entry.js';
import type { Version } from '../../domain/versioning/version.js';
import type { VersionModel } from '../../domain/versioning/version-model.js';
import { VERSION_MODEL } from '../version-model-token.js';

export interface GetChangelogEntryInput {
  readonly version: Version;
}

/** The changelog entry of the version the request resolved to. */
@injectable()
export class GetChangelogEntry {
  constructor(@inject(VERSION_MODEL) private readonly model: Pick<VersionModel, 'changelogEntry'>) {}

  execute({ version }: GetChangelogEntryInput): ChangelogEntry {
    return this.model.changelogEntry(version);
  }
}
