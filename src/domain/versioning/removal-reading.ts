/**
 * How `removedIn = V` reads: `inclusive` keeps the unit at V and hides it above V (the spec's R2);
 * `exclusive` hides it at V already (djangorestframework-versioning's behaviour).
 */
export type RemovalReading = 'inclusive' | 'exclusive';

export const REMOVAL_READINGS: readonly RemovalReading[] = ['inclusive', 'exclusive'];
