import type { HealthCheck } from '../../../application/ports/health-check.js';

/** The in-memory store lives in the process: while the process answers, so does the store. */
export class MemoryHealthCheck implements HealthCheck {
  readonly dependency = 'storage';

  isHealthy(): Promise<boolean> {
    return Promise.resolve(true);
  }
}
