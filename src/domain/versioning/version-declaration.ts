import type { LifecycleDeclaration } from './version-lifecycle.js';

/** One supported version, its hand-written notes, and its deprecation and sunset if it has them. */
export interface VersionDeclaration extends LifecycleDeclaration {
  readonly version: string;
  readonly notes: readonly string[];
}
