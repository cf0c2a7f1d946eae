/** One version as the docs page lists it: its notes, its lifecycle dates (ISO `YYYY-MM-DD`, or null) and its brownouts. */
export interface VersionSummary {
  readonly version: string;
  readonly notes: readonly string[];
  readonly deprecated: string | null;
  readonly sunset: string | null;
  /** UTC instants, `YYYY-MM-DDTHH:MM:SSZ`, ordered by start. */
  readonly brownouts: readonly { readonly start: string; readonly end: string }[];
}

/** An OpenAPI 3.1 document, as plain JSON. */
export type OpenApiDocument = Readonly<Record<string, unknown>>;

/** Every version's published contract, built once at start from the same declarations that shape the responses. */
export interface ApiContracts {
  /** Newest first. */
  readonly versions: readonly VersionSummary[];
  /** The OpenAPI document of a supported version, or undefined for any other text. */
  document(version: string): OpenApiDocument | undefined;
}
