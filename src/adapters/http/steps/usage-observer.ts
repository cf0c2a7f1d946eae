import type { UsageCounter } from '../../../application/clients/usage-counter.js';
import { ANONYMOUS, NO_VERSION } from '../../../domain/clients/usage.js';
import type { Exchange } from './exchange.js';
import type { RequestObserver } from './request-observer.js';

/**
 * Counts each answered request of the API per caller, served version and route template; a path no route of the
 * API matches (a junk path, the docs page) is not counted, so clients cannot add keys.
 */
export class UsageObserver implements RequestObserver {
  readonly timed = false;
  constructor(private readonly counter: Pick<UsageCounter, 'count'>) {}

  observe({ route, version, client, today }: Exchange): void {
    if (route?.contract === undefined) return;
    this.counter.count(
      today.toString(),
      route.pattern,
      version === undefined ? NO_VERSION : version.toString(),
      client === undefined ? ANONYMOUS : client.name,
    );
  }
}
