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
  /** How long a stop waits for the workers to exit on their own before it kills those left (SIGKILL); none by default. */
  readonly killAfterMs?: number;
  /** One JSON line per event; errors (a dead worker) go to `error`. */
  readonly info: (message: string, fields?: Record<string, unknown>) => void;
  readonly error: (message: string, fields?: Record<string, unknown>) => void;
}

/**
 * The cluster primary: keeps `workers` worker processes serving on the shared port. A worker that dies (or stops on
 * a signal of its own) is logged and replaced, after a delay that doubles while workers keep dying quickly. If the first workers refuse to start
 * (a bad data file, an unreachable database), the start is refused: `done` resolves 1. `stop` asks every worker
 * to drain (SIGTERM; a worker that got the signal already, sent to the whole group, only logs it) and logs a line
 * per worker as it exits; `done` resolves once all have exited: 0 when each that served drained (exited 0 on its
 * own), 1 when one was killed by a signal or exited otherwise, since what it had not answered or stored is lost.
 */
export class WorkerSupervisor {
  readonly done: Promise<number>;
  readonly #live = new Map<Worker, number>();
  readonly #restarts = new Set<NodeJS.Timeout>();
  /** The workers that listened: a worker that never did had nothing to drain. */
  readonly #served = new WeakSet<Worker>();
  #kill: NodeJS.Timeout | undefined;
  #finish!: (code: number) => void;
  #anyServed = false;
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
    const { killAfterMs } = this.options;
    if (killAfterMs !== undefined) this.#kill = setTimeout(() => this.#killTheRest(killAfterMs), killAfterMs);
    this.#finishIfStopped();
  }

  #fork(): void {
    const worker = this.cluster.fork();
    this.#live.set(worker, this.#now());
    worker.once('listening', () => {
      this.#anyServed = true;
      this.#served.add(worker);
    });
  }

  #exited(worker: Worker, code: number | null, signal: string | null): void {
    const started = this.#live.get(worker) as number;
    this.#live.delete(worker);
    const pid = worker.process.pid;
    if (this.#stopping) {
      this.#stoppedOne(worker, code, signal);
      this.#finishIfStopped();
      return;
    }
    if (!this.#anyServed) {
      this.options.error('a worker refused to start; stopping the others', { pid, code, signal });
      this.#exitCode = 1;
      this.stop('a worker refused to start');
      return;
    }
    const { firstMs, longestMs, stableAfterMs } = this.options.backoff ?? RESTART_BACKOFF;
    this.#quickDeaths = this.#now() - started < stableAfterMs ? this.#quickDeaths + 1 : 0;
    const delay = Math.min(firstMs * 2 ** Math.max(this.#quickDeaths - 1, 0), longestMs);
    // A worker that served and exited 0 drained on a signal of its own, maybe the group's before this process sees it.
    if (code === 0 && this.#served.has(worker))
      this.options.info('worker stopped', { pid, exit_code: code, signal, drained: true, restart_in_ms: delay });
    else this.options.error('worker died; replacing it', { pid, code, signal, restart_in_ms: delay });
    const timer = setTimeout(() => {
      this.#restarts.delete(timer);
      this.#fork();
    }, delay);
    this.#restarts.add(timer);
  }

  #now(): number {
    return (this.options.now ?? Date.now)();
  }

  /** What a worker did at the stop, in one line: drained, stopped before it served, or neither (the exit code becomes 1). */
  #stoppedOne(worker: Worker, code: number | null, signal: string | null): void {
    const fields = { pid: worker.process.pid, exit_code: code, signal };
    if (!this.#served.has(worker)) {
      this.options.info('worker stopped before serving', { ...fields, drained: false });
    } else if (code === 0) {
      this.options.info('worker stopped', { ...fields, drained: true });
    } else {
      this.#exitCode = 1;
      const how = signal === null ? `exit code ${code}` : signal;
      this.options.error(`worker stopped without draining (${how}): what it had not answered or stored is lost`, { ...fields, drained: false });
    }
  }

  #killTheRest(afterMs: number): void {
    for (const worker of this.#live.keys()) {
      this.options.error('worker still stopping: killed', { pid: worker.process.pid, after_ms: afterMs });
      worker.process.kill('SIGKILL');
    }
  }

  #finishIfStopped(): void {
    if (this.#live.size > 0) return;
    clearTimeout(this.#kill);
    this.#finish(this.#exitCode);
  }
}
