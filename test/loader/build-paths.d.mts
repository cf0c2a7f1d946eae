/** The repository. */
export declare const ROOT: URL;
/** Where tsc writes the tests' JavaScript (tsconfig.test-build.json). */
export declare const BUILD: URL;
/** Written after each build, relative to ROOT: its time is the build's start. */
export declare const STAMP: string;
/** When the last build started (ms), or undefined when there is none. */
export declare function builtAt(): number | undefined;
/** Marks the build under `root` as made from the sources as they were at `startedMs`: a source saved later is newer. */
export declare function stampBuild(root: URL, startedMs: number): void;
