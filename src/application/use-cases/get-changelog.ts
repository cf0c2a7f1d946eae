import { inject, injectable } from 'inversify';
import type { ChangelogEntry } from '../../domain/versioning/changelog-entry.js';
import type { VersionModel } from '../../domain/versioning/version-model.js';
import { VERSION_MODEL } from '../version-model-token.js';

/** Every supported version's changelog entry, newest first; the same at every requested version. */
@injectable()
export class GetChangelog {
  constructor(@inject(VERSION_MODEL) private readonly model: Pick<VersionModel, 'changelog'>) {}

  execute(): readonly ChangelogEntry[] {
    return this.model.changelog;
  }
}
