import { statSync } from 'node:fs';

/** The repository. */
export const ROOT = new URL('../../', import.meta.url);
/** Where tsc writes the tests' JavaScript (tsconfig.test-build.json). */
export const BUILD = new URL('.test-build/', ROOT);
/** Written after each build, relative to ROOT: its time is the build's start. */
export const STAMP = '.test-build/.built';

/** When the last build started (ms), or undefined when there is none. */
export function builtAt() {
  return statSync(new URL(STAMP, ROOT), { throwIfNoEntry: false })?.mtimeMs;
}
