import { inject, injectable } from 'inversify';
import { HEALTH_CHECK, type HealthCheck } from '../ports/health-check.js';

export interface Health {
  readonly ok: boolean;
  /** The dependencies that do not answer, by name; empty when ok. */
  readonly failing: readonly string[];
}

/** Whether the service can serve now: every dependency it needs answers. Independent of API versions. */
@injectable()
export class CheckHealth {
  constructor(@inject(HEALTH_CHECK) private readonly check: HealthCheck) {}

  async execute(): Promise<Health> {
    const healthy = await this.check.isHealthy();
    return { ok: healthy, failing: healthy ? [] : [this.check.dependency] };
  }
}
