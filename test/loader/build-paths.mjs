import { statSync, utimesSync, writeFileSync } from 'node:fs';

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

/** Marks the build under `root` as made from the sources as they were at `startedMs`: a source saved later is newer. */
export function stampBuild(root, startedMs) {
  const stamp = new URL(STAMP, root);
  writeFileSync(stamp, `${new Date(startedMs).toISOString()}\n`);
  utimesSync(stamp, startedMs / 1000, startedMs / 1000);
}
