import type { AgeRemoval } from './age-removal.js';

/** What chooses between variants of a change in the reference history. */
export interface HistoryOptions {
  readonly ageRemoval: AgeRemoval;
}
