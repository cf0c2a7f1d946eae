import type { Version } from '../../../domain/versioning/version.js';
import type { ServedRoute } from '../routing/route.js';

/** Counts each answered request, where its access line is written; bound only when METRICS_PORT is set. */
export interface RequestMetrics {
  /**
   * One request: its matched route (undefined for an unknown path), its method as sent, its status, the version it
   * was served at (undefined when none was chosen) and how long it took, in seconds.
   */
  observe(route: ServedRoute | undefined, method: string, status: number, version: Version | undefined, seconds: number): void;
}

export const REQUEST_METRICS = Symbol.for('RequestMetrics');
