import type { DefaultVersionChoice } from './default-version.js';
import type { RemovalReading } from './removal-reading.js';
import type { ResourceDeclaration } from './resource-declaration.js';
import type { VersionDeclaration } from './version-declaration.js';
import type { ViewSetDeclaration } from './view-set-declaration.js';

/** Everything the version model is built from: versions, record transforms and view windows. */
export interface VersionModelDeclaration {
  readonly versions: readonly VersionDeclaration[];
  readonly resources: readonly ResourceDeclaration<never>[];
  readonly viewSets: readonly ViewSetDeclaration[];
  /** Defaults to `latest`. */
  readonly defaultVersion?: DefaultVersionChoice;
  /** Defaults to `inclusive`. */
  readonly removedIn?: RemovalReading;
}
