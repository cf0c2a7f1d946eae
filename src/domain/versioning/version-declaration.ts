/** One supported version and its hand-written notes. */
export interface VersionDeclaration {
  readonly version: string;
  readonly notes: readonly string[];
}
