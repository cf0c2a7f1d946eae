export { createClient, type ClientOptions, type VersionedClient } from './create-client.js';
export type { LifecycleHook, LifecycleNotice } from './lifecycle-notices.js';
export { VersionRetiredError } from './version-retired-error.js';
export type { Version, VersionedPaths } from './versioned-paths.js';
export type { PathsByVersion } from './paths/by-version.js';
