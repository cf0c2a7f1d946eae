import { inject, injectable } from 'inversify';
import type { ChangelogEntry } from '../../domain/versioning/changelog-entry.js';
import { VERSION_POLICY, type VersionPolicy } from '../ports/version-policy.js';

/** Every supported version's changelog entry, newest first; the same at every requested version. */
@injectable()
export class GetChangelog {
  constructor(@inject(VERSION_POLICY) private readonly policy: VersionPolicy) {}

  execute(): readonly ChangelogEntry[] {
    return this.policy.changelog;
  }
}
