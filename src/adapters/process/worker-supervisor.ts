import type { Worker } from 'node:cluster';

/** The part of node:cluster the supervisor uses, so a test can see what it does. */
export interface ClusterControl {
  fork(): Worker;
  on(event: 'exit', listener: (worker: Worker, code: number | null, signal: string | null) => void): unknown;
}

export interface RestartBackoff {
  readonly firstMs: number;
  readonly longestMs: number;
  /** A worker that served this long before dying is not failing in a loop: the backoff starts over. */
  readonly stableAfterMs: number;
}

export const RESTART_BACKOFF: RestartBackoff = { firstMs: 100, longestMs: 10_000, stableAfterMs: 10_000 };

export interface SupervisorOptions {
  readonly workers: number;
  readonly backoff?: RestartBackoff;
  /** The clock that tells how long a worker lived, in milliseconds; Date.now by default. */
  readonly now?: () => number;
  /** One JSON line per event; errors (a dead worker) go to `error`. */
  readonly info: (message: string, fields?: Record<string, unknown>) => void;
  readonly error: (message: string, fields?: Record<string, unknown>) => void;
}

/**
 * The cluster primary: keeps `workers` worker processes serving on the shared port. A worker that dies is logged
 * and replaced, after a delay that doubles while workers keep dying quickly. If the first workers refuse to start
 * (a bad data file, an unreachable database), the start is refused: `done` resolves 1. `stop` asks every worker
 * to drain (SIGTERM) and `done` resolves 0 once all have exited.
 */
export class WorkerSupervisor {
  readonly done: Promise<number>;
  readonly #live = new Map<Worker, number>();
  readonly #restarts = new Set<NodeJS.Timeout>();
  #finish!: (code: number) => void;
  #served = false;
  #quickDeaths = 0;
  #stopping = false;
  #exitCode = 0;

  constructor(
    private readonly cluster: ClusterControl,
    private readonly options: SupervisorOptions,
  ) {
    this.done = new Promise((resolve) => (this.#finish = resolve));
  }

  start(): void {
    this.cluster.on('exit', (worker, code, signal) => this.#exited(worker, code, signal));
    this.options.info('starting workers', { workers: this.options.workers });
    for (let index = 0; index < this.options.workers; index += 1) this.#fork();
  }

  stop(signal: string): void {
    if (this.#stopping) return;
    this.#stopping = true;
    this.options.info('stopping', { signal, workers: this.#live.size });
    for (const timer of this.#restarts) clearTimeout(timer);
    this.#restarts.clear();
    for (const worker of this.#live.keys()) worker.process.kill('SIGTERM');
    this.#finishIfStopped();
  }

  #fork(): void {
    const worker = this.cluster.fork();
    this.#live.set(worker, this.#now());
    worker.once('listening', () => (this.#served = true));
  }

  #exited(worker: Worker, code: number | null, signal: string | null): void {
    const started = this.#live.get(worker) as number;
    this.#live.delete(worker);
    const pid = worker.process.pid;
    if (this.#stopping) {
      this.#finishIfStopped();
      return;
    }
    if (!this.#served) {
      this.options.error('a worker refused to start; stopping the others', { pid, code, signal });
      this.#exitCode = 1;
      this.stop('a worker refused to start');
      return;
    }
    const { firstMs, longestMs, stableAfterMs } = this.options.backoff ?? RESTART_BACKOFF;
    this.#quickDeaths = this.#now() - started < stableAfterMs ? this.#quickDeaths + 1 : 0;
    const delay = Math.min(firstMs * 2 ** Math.max(this.#quickDeaths - 1, 0), longestMs);
    this.options.error('worker died; replacing it', { pid, code, signal, restart_in_ms: delay });
    const timer = setTimeout(() => {
      this.#restarts.delete(timer);
      this.#fork();
    }, delay);
    this.#restarts.add(timer);
  }

  #now(): number {
    return (this.options.now ?? Date.now)();
  }

  #finishIfStopped(): void {
    if (this.#live.size === 0) this.#finish(this.#exitCode);
  }
}
