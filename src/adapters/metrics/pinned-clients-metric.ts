import { Gauge, type Registry } from 'prom-client';
import type { ClientRepository } from '../../application/ports/client-repository.js';
import type { Version } from '../../domain/versioning/version.js';

/**
 * `api_clients_pinned`: the clients, revoked ones left out, pinned to each declared version (0 included), counted from
 * the repository's memory at each scrape. A pin to a version no longer declared is no label, so the series stay the
 * versions'. Every worker follows the same clients, so a cluster scrape takes the largest count rather than a sum.
 */
export function registerPinnedClientsMetric(registry: Registry, versions: readonly Version[], clients: Pick<ClientRepository, 'all'>): void {
  const declared = versions.map((version) => version.toString());
  new Gauge({
    name: 'api_clients_pinned',
    help: 'API clients, not revoked, pinned to each declared version: served at it when a request names none.',
    labelNames: ['api_version'] as const,
    aggregator: 'max',
    registers: [registry],
    async collect() {
      const counts = new Map(declared.map((version) => [version, 0]));
      for (const { pinnedVersion, revokedAt } of await clients.all()) {
        const count = counts.get(pinnedVersion);
        if (count !== undefined && revokedAt === null) counts.set(pinnedVersion, count + 1);
      }
      for (const [version, count] of counts) this.set({ api_version: version }, count);
    },
  });
}
