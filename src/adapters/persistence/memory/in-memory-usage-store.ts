import type { UsageCount } from '../../../domain/clients/usage.js';
import type { UsageQuery, UsageStore } from '../../../application/ports/usage-store.js';

/** The counts of this process, for as long as it runs: with the in-memory storage nothing outlives a restart. */
export class InMemoryUsageStore implements UsageStore {
  readonly #counts = new Map<string, UsageCount>();

  add(counts: readonly UsageCount[]): Promise<void> {
    for (const count of counts) {
      const key = JSON.stringify([count.client, count.version, count.route, count.day]);
      const stored = this.#counts.get(key);
      this.#counts.set(key, { ...count, requests: (stored?.requests ?? 0) + count.requests });
    }
    return Promise.resolve();
  }

  read({ from, to, client, version }: UsageQuery): Promise<readonly UsageCount[]> {
    const matches = (count: UsageCount): boolean =>
      count.day >= from &&
      count.day <= to &&
      (client === undefined || count.client === client) &&
      (version === undefined || count.version === version);
    return Promise.resolve([...this.#counts.values()].filter(matches));
  }
}
