import { Gauge, type Registry } from 'prom-client';
import type { VersionWithLifecycle } from '../../domain/versioning/version-lifecycle.js';

/**
 * `api_version_info` (1 per version, with its deprecation and sunset dates or empty) and
 * `api_version_sunset_timestamp_seconds` for the versions that declare a sunset: fixed at start, the same in
 * every worker, so a cluster scrape takes one worker's value rather than a sum.
 */
export function registerVersionMetrics(registry: Registry, versions: readonly VersionWithLifecycle[]): void {
  const info = new Gauge({
    name: 'api_version_info',
    help: 'The API versions this service serves or has retired, with their deprecation and sunset dates (empty when none).',
    labelNames: ['api_version', 'deprecated', 'sunset'] as const,
    aggregator: 'first',
    registers: [registry],
  });
  const sunsets = new Gauge({
    name: 'api_version_sunset_timestamp_seconds',
    help: 'When a version is retired (410 from then on): the start of its sunset day, UTC, in seconds since the epoch.',
    labelNames: ['api_version'] as const,
    aggregator: 'first',
    registers: [registry],
  });
  for (const { version, lifecycle } of versions) {
    const { deprecated, sunset } = lifecycle;
    info.set({ api_version: version.toString(), deprecated: deprecated?.toString() ?? '', sunset: sunset?.toString() ?? '' }, 1);
    if (sunset !== null) sunsets.set({ api_version: version.toString() }, startOfDaySeconds(sunset.toString()));
  }
}

function startOfDaySeconds(date: string): number {
  return Date.parse(`${date}T00:00:00Z`) / 1000;
}
