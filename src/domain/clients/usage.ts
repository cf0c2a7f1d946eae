/** Who made requests that named no client. */
export const ANONYMOUS = 'anonymous';
/** The version of a request served at none (refused before a version was chosen, or an unversioned path). */
export const NO_VERSION = 'none';

/** How many requests one caller made on one day, at one served version, to one route template (such as `/doggies/:id/`). */
export interface UsageCount {
  /** A client's name, or ANONYMOUS. */
  readonly client: string;
  /** The served version, or NO_VERSION. */
  readonly version: string;
  readonly route: string;
  /** YYYY-MM-DD, UTC. */
  readonly day: string;
  readonly requests: number;
}
