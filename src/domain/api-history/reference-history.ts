import type { DefaultVersionChoice } from '../versioning/default-version.js';
import type { RemovalReading } from '../versioning/removal-reading.js';
import { declarationOf } from '../versioning/version-bundle.js';
import type { VersionModelDeclaration } from '../versioning/version-model-declaration.js';
import { VersionModel } from '../versioning/version-model.js';
import type { AgeRemoval } from './age-removal.js';
import { API_HISTORY } from './bundle.js';

export interface ReferenceHistoryOptions {
  readonly ageRemoval?: AgeRemoval;
  readonly removedIn?: RemovalReading;
  readonly defaultVersion?: DefaultVersionChoice;
}

/** The API's whole history, 1.0.0 to 5.0.0, as one declaration: versions, dog and cat transforms, view windows. */
export function referenceHistory(options: ReferenceHistoryOptions = {}): VersionModelDeclaration {
  return declarationOf(
    API_HISTORY,
    { ageRemoval: options.ageRemoval ?? 'computed' },
    {
      defaultVersion: options.defaultVersion ?? 'latest',
      removedIn: options.removedIn ?? 'inclusive',
    },
  );
}

/** The reference history, validated and compiled. */
export function buildReferenceModel(options: ReferenceHistoryOptions = {}): VersionModel {
  return VersionModel.build(referenceHistory(options));
}
