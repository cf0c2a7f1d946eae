/**
 * What the settings tables say of a setting, beside its name and its default: `npm run settings-docs` writes its row
 * in docs/configuration.md (in full) and in the README (in brief) from this alone, so no cell is typed twice.
 */
export type SettingDoc = {
  /** What it is, in full: its row's meaning in docs/configuration.md (links relative to docs/). */
  readonly meaning: string;
  /** Said right after its default in docs/configuration.md's row (the README's shows the default alone). */
  readonly defaultNote?: string;
} & (
  | {
      /** What it is in brief: its row's meaning in the README (links relative to the repository's root). */
      readonly brief: string;
    }
  | {
      /** A setting of the README row just before it, which it joins: the row names each, and gives each default. */
      readonly briefWith: string;
    }
);
