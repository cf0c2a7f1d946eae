import type { DefaultVersionChoice } from '../versioning/default-version.js';
import type { RemovalReading } from '../versioning/removal-reading.js';
import { VersionModel } from '../versioning/version-model.js';
import type { AgeRemoval } from './versions/age-removal.js';
import { API_HISTORY } from './bundle.js';

export interface ReferenceHistoryOptions {
  readonly ageRemoval?: AgeRemoval;
  readonly removedIn?: RemovalReading;
  readonly defaultVersion?: DefaultVersionChoice;
}

/** The API's whole history, 1.0.0 to 5.0.0, checked and compiled: versions, dog and cat transforms, view windows. */
export function buildReferenceModel(options: ReferenceHistoryOptions = {}): VersionModel {
  return VersionModel.build(
    API_HISTORY,
    { ageRemoval: options.ageRemoval ?? 'computed' },
    { defaultVersion: options.defaultVersion ?? 'latest', removedIn: options.removedIn ?? 'inclusive' },
  );
}
