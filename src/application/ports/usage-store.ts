import type { UsageCount } from '../../domain/clients/usage.js';

/** Which counts to read: the days from `from` to `to` (YYYY-MM-DD, both included), of one client and one version when given. */
export interface UsageQuery {
  readonly from: string;
  readonly to: string;
  readonly client?: string;
  readonly version?: string;
}

/**
 * Where request counts are summed: every process adds its batches, and the store holds the total. Written in
 * batches, never per request (UsageCounter).
 */
export interface UsageStore {
  /** Adds each count to the stored one of the same client, version, route and day. */
  add(counts: readonly UsageCount[]): Promise<void>;
  /** The stored counts that match, one per client, version, route and day. */
  read(query: UsageQuery): Promise<readonly UsageCount[]>;
}

export const USAGE_STORE = Symbol.for('UsageStore');
