/** A dependency of the service that can say whether it answers now; each storage adapter implements one. */
export interface HealthCheck {
  /** What the dependency is, as named to a load balancer ("database"). */
  readonly dependency: string;
  /** Resolves true when the dependency answers, false when it does not; never rejects. */
  isHealthy(): Promise<boolean>;
}

export const HEALTH_CHECK = Symbol.for('HealthCheck');
