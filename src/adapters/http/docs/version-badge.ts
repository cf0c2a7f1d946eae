import type { VersionSummary } from '../openapi/api-contracts.js';

export type VersionBadge = 'retired' | 'deprecated' | undefined;

/** What the picker says of a version today: retired from its sunset date on, deprecated from its deprecation date on. */
export function versionBadge({ deprecated, sunset }: Pick<VersionSummary, 'deprecated' | 'sunset'>, today: string): VersionBadge {
  // ISO dates (YYYY-MM-DD, years 0001-9999) order as text does.
  if (sunset !== null && sunset <= today) return 'retired';
  if (deprecated !== null && deprecated <= today) return 'deprecated';
  return undefined;
}
