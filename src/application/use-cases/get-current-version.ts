import { inject, injectable } from 'inversify';
import type { ChangelogEntry } from '../../domain/versioning/changelog-entry.js';
import type { Version } from '../../domain/versioning/version.js';
import { VERSION_POLICY, type VersionPolicy } from '../ports/version-policy.js';

export interface GetCurrentVersionInput {
  readonly version: Version;
}

/** The changelog entry of the version the request resolved to. */
@injectable()
export class GetCurrentVersion {
  constructor(@inject(VERSION_POLICY) private readonly policy: VersionPolicy) {}

  execute({ version }: GetCurrentVersionInput): ChangelogEntry {
    return this.policy.changelogEntry(version);
  }
}
