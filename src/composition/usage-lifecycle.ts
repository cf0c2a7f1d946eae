import type { UsageCounter } from '../application/clients/usage-counter.js';
import { requestsIn, type UsageSpool } from '../adapters/persistence/usage-spool.js';
import type { ServiceOutput } from './service-output.js';

/** How often the request counts of a process are added to the store. */
export const USAGE_FLUSH_MS = 10_000;

/**
 * The request counts of a running service: handed to the usage store every `flushMs` (a request never waits on the
 * store), and once more on stop, when what the store refuses goes to the spool rather than be lost with the process.
 */
export class UsageLifecycle {
  readonly #flusher: NodeJS.Timeout;

  constructor(
    private readonly usage: Pick<UsageCounter, 'flush' | 'pending' | 'takePending'>,
    private readonly spool: Pick<UsageSpool, 'keep'>,
    private readonly output: ServiceOutput,
    flushMs: number = USAGE_FLUSH_MS,
  ) {
    this.#flusher = setInterval(() => void this.#flush(), flushMs).unref();
  }

  /** The last flush: stops the timer, stores the counts, spools what the store refuses; never rejects. */
  async stop(): Promise<void> {
    clearInterval(this.#flusher);
    const stored = await this.usage.flush().then(
      () => undefined,
      (error: unknown) => String(error),
    );
    if (stored === undefined) return;
    const counts = this.usage.takePending();
    const requests = requestsIn(counts);
    await this.spool.keep(counts).then(
      (file) => this.#log('usage counts not stored; spooled, to be stored at the next start', { requests, file, error: stored }),
      (spoolError: unknown) =>
        this.#log('usage counts lost: neither stored nor spooled', { requests, error: stored, spool_error: String(spoolError) }),
    );
  }

  #flush(): Promise<void> {
    return this.usage.flush().catch((error: unknown) => {
      this.#log('usage counts not stored; kept for the next try', { requests: requestsIn(this.usage.pending()), error: String(error) });
    });
  }

  #log(message: string, fields: Record<string, unknown>): void {
    this.output.stderr(JSON.stringify({ time: new Date().toISOString(), level: 'error', message, ...fields }));
  }
}
