import type { ServerResponse } from 'node:http';
import { inject, injectable } from 'inversify';
import { UsageCounter } from '../../../application/clients/usage-counter.js';
import { ANONYMOUS, NO_VERSION } from '../../../domain/clients/usage.js';
import type { ServedRoute } from '../routing/route.js';
import type { Exchange } from '../steps/exchange.js';
import type { RequestObserver } from './request-observer.js';

/**
 * Counts each request of the API per caller, served version and route template once its answer is written in full: a
 * path no route of the API matches (a junk path, the docs page) is not counted, so clients cannot add keys, and
 * neither is an answer its connection lost first (its client left, the drain's deadline cut it, or it waited behind
 * a pipelined answer on a connection that closed).
 */
@injectable()
export class UsageObserver implements RequestObserver {
  readonly timed = false;
  constructor(@inject(UsageCounter) private readonly counter: Pick<UsageCounter, 'count'>) {}

  observe(exchange: Exchange, _status: number, _durationMs: number, response: ServerResponse): void {
    if (exchange.route?.contract === undefined) return;
    // Most answers are handed to the connection whole in the turn they are made; one queued behind another on its
    // connection (pipelined), or too large for the socket at once, is written later, or never. node says 'finish'
    // even for an answer whose connection was cut, so that one is told apart by its socket.
    if (response.writableFinished) return this.#count(exchange);
    const { socket } = response.req;
    response.once('finish', () => {
      if (!socket.destroyed) this.#count(exchange);
    });
  }

  #count({ route, version, client, today }: Exchange): void {
    this.counter.count(
      today.toString(),
      (route as ServedRoute).pattern,
      version === undefined ? NO_VERSION : version.toString(),
      client === undefined ? ANONYMOUS : client.name,
    );
  }
}
