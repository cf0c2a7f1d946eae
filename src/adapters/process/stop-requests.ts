/** The signals every process of the service takes as a request to stop: systemd's, `kill`'s and `timeout`'s, and Ctrl-C's. */
export const STOP_SIGNALS = ['SIGTERM', 'SIGINT'] as const;

/**
 * How long a stop may run past its drain before the process exits without it: the last flush of the usage counts
 * waits at most for a connection (5 s) and a statement (10 s), and stdout for its reader (2 s).
 */
export const FLUSH_ALLOWANCE_MS = 20_000;

/** How long a stop may take, in all, once the drain may take `drainTimeoutMs`. */
export const stopDeadlineMs = (drainTimeoutMs: number): number => drainTimeoutMs + FLUSH_ALLOWANCE_MS;

/** Where the signals come from: node's `process`. */
export interface SignalSource {
  on(signal: NodeJS.Signals, listener: (signal: NodeJS.Signals) => void): unknown;
}

type Log = (message: string, fields: Record<string, unknown>) => void;

export interface StopRequestsOptions {
  /** The stop (drain, flush, spool; a primary's: its workers'), resolving with the exit code it calls for. */
  readonly stop: (reason: string) => Promise<number>;
  /** Ends the process with this code, once the stop is over or has overrun its deadline. */
  readonly exit: (code: number) => unknown;
  /** How long the stop may take, in milliseconds; read when it begins. */
  readonly deadlineMs: () => number;
  readonly info: Log;
  readonly error: Log;
}

/**
 * The stop of one process, whoever asks for it and however often: a signal to the process or to its whole group, its
 * cluster primary (a SIGTERM of its own, after the group's), a primary gone, a fault. The first request runs the stop;
 * the later ones are logged and change nothing, so a repeated signal never kills the process mid-drain. A stop still
 * running at its deadline is logged and the process exits 1 without it.
 */
export class StopRequests {
  #reason: string | undefined;
  #code = 0;
  #overrun: NodeJS.Timeout | undefined;
  #ended = false;

  constructor(private readonly options: StopRequestsOptions) {}

  /** Each STOP_SIGNALS from `source`, the first and every one after it, is a request. */
  listen(source: SignalSource): void {
    for (const signal of STOP_SIGNALS) source.on(signal, (received) => this.request(received));
  }

  get requested(): boolean {
    return this.#reason !== undefined;
  }

  /** Asks for the stop; `code` 1 (a fault) makes the exit code 1 whenever it comes. */
  request(reason: string, code = 0): void {
    this.#code = Math.max(this.#code, code);
    const { stop, deadlineMs, info, error } = this.options;
    if (this.#reason !== undefined) {
      info('stop already under way', { signal: reason, stopping_on: this.#reason, pid: process.pid });
      return;
    }
    this.#reason = reason;
    const deadline = deadlineMs();
    this.#overrun = setTimeout(() => {
      error('the stop did not finish in time: exiting without it', { signal: reason, deadline_ms: deadline, pid: process.pid });
      this.#end(1);
    }, deadline);
    void stop(reason).then(
      (stopCode) => this.#end(stopCode),
      (failure: unknown) => {
        error('the stop failed', { signal: reason, error: String(failure), pid: process.pid });
        this.#end(1);
      },
    );
  }

  #end(code: number): void {
    clearTimeout(this.#overrun);
    if (this.#ended) return;
    this.#ended = true;
    this.options.exit(Math.max(code, this.#code));
  }
}
