import { inject, injectable } from 'inversify';
import type { UsageCount } from '../../domain/clients/usage.js';
import { USAGE_STORE, type UsageStore } from '../ports/usage-store.js';

/** One count, changed in place: after its first request a key costs no allocation. */
interface Tally {
  requests: number;
}

/**
 * Counts requests in memory, per day, route template, served version and caller, and hands them to the UsageStore in
 * batches (`flush`): no request waits on the store. The keys are what the service knows (its routes, its versions,
 * its clients), never what a request makes up, so memory stays bounded; a flush empties it.
 */
@injectable()
export class UsageCounter {
  /** day → route → version → caller → tally. */
  #pending = new Map<string, Map<string, Map<string, Map<string, Tally>>>>();
  #flushing: Promise<void> | undefined;
  /** The tally the last count went to, in #pending: forgotten whenever #pending is replaced. */
  #last: { readonly day: string; readonly route: string; readonly version: string; readonly client: string; readonly tally: Tally } | undefined;

  constructor(@inject(USAGE_STORE) private readonly store: UsageStore) {}

  count(day: string, route: string, version: string, client: string): void {
    const last = this.#last;
    // Requests come in runs of one caller, route and version: the run's tally is found once.
    if (last !== undefined && last.day === day && last.route === route && last.version === version && last.client === client) {
      last.tally.requests += 1;
      return;
    }
    const tally = this.#tallyOf(day, route, version, client);
    tally.requests += 1;
    this.#last = { day, route, version, client, tally };
  }

  /** The counts not yet handed to the store. */
  pending(): UsageCount[] {
    const counts: UsageCount[] = [];
    for (const [day, routes] of this.#pending) {
      for (const [route, versions] of routes) {
        for (const [version, clients] of versions) {
          for (const [client, { requests }] of clients) counts.push({ client, version, route, day, requests });
        }
      }
    }
    return counts;
  }

  /** The counts not yet handed to the store, taken away: the caller keeps them elsewhere (a spool, at stop). */
  takePending(): UsageCount[] {
    const counts = this.pending();
    this.#startAfresh();
    return counts;
  }

  /**
   * Hands every pending count to the store. When the store fails, the counts are kept (added back to those counted
   * since) for the next flush, and the failure is thrown for the caller to log. One flush at a time.
   */
  async flush(): Promise<void> {
    while (this.#flushing !== undefined) await this.#flushing.catch(() => {});
    const counts = this.pending();
    if (counts.length === 0) return;
    this.#startAfresh();
    this.#flushing = this.store.add(counts).catch((error: unknown) => {
      for (const { client, version, route, day, requests } of counts) this.#tallyOf(day, route, version, client).requests += requests;
      throw error;
    });
    try {
      await this.#flushing;
    } finally {
      this.#flushing = undefined;
    }
  }

  /** No count pending, and no last tally, which was one of those. */
  #startAfresh(): void {
    this.#pending = new Map();
    this.#last = undefined;
  }

  #tallyOf(day: string, route: string, version: string, client: string): Tally {
    let routes = this.#pending.get(day);
    if (routes === undefined) this.#pending.set(day, (routes = new Map<string, Map<string, Map<string, Tally>>>()));
    let versions = routes.get(route);
    if (versions === undefined) routes.set(route, (versions = new Map<string, Map<string, Tally>>()));
    let clients = versions.get(version);
    if (clients === undefined) versions.set(version, (clients = new Map<string, Tally>()));
    let tally = clients.get(client);
    if (tally === undefined) clients.set(client, (tally = { requests: 0 }));
    return tally;
  }
}
