/** One version's record in the changelog (spec 2.2); the field names are the public contract. */
export interface ChangelogEntry {
  readonly version: string;
  readonly notes: readonly string[];
  readonly models: readonly string[];
  readonly views: {
    readonly endpoints_introduced: readonly string[];
    readonly endpoints_removed: readonly string[];
    readonly actions_introduced: readonly string[];
    readonly actions_removed: readonly string[];
  };
  /** The deprecation date, `YYYY-MM-DD`, or null. */
  readonly deprecated: string | null;
  /** The sunset date, `YYYY-MM-DD`, or null: from that day on the version answers 410. */
  readonly sunset: string | null;
  /** The brownouts, ordered by start (UTC instants, `YYYY-MM-DDTHH:MM:SSZ`), in which it already answers 410; often none. */
  readonly brownouts: readonly { readonly start: string; readonly end: string }[];
}
