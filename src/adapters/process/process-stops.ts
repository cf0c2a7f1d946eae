import type { Log, ProcessOutput } from './process-output.js';
import { StopRequests, stopDeadlineMs } from './stop-requests.js';

/** What a process's stop runs, once it is known to serve or to supervise: its stop, its deadline, where its lines go. */
export interface StopRole {
  readonly stop: (reason: string) => Promise<number>;
  readonly deadlineMs: number;
  readonly info: Log;
}

/** The stop of this process: requested by a signal, a fault or its primary; run by its role, nothing to drain until it has one. */
export class ProcessStops {
  #role: StopRole;
  #faulted = false;
  readonly #requests: StopRequests;

  constructor(private readonly output: ProcessOutput) {
    const info = output.info;
    this.#role = {
      stop: (reason) => {
        info('stopping', { signal: reason, pid: process.pid });
        return Promise.resolve(0);
      },
      deadlineMs: stopDeadlineMs(0),
      info,
    };
    this.#requests = new StopRequests({
      stop: (reason) => this.#role.stop(reason),
      exit: (code) => {
        this.#role.info('stopped', { exit_code: code, pid: process.pid });
        return output.exitAfterOutput(code);
      },
      deadlineMs: () => this.#role.deadlineMs,
      info: (message, fields) => this.#role.info(message, fields),
      error: output.error,
    });
  }

  /** Each stop signal to the process is a request; so is a fault nothing caught (exitOnFault). */
  listen(): void {
    this.#requests.listen(process);
    process.on('uncaughtException', this.#exitOnFault('uncaught exception'));
    process.on('unhandledRejection', this.#exitOnFault('unhandled rejection'));
  }

  /** From now on a stop runs what `role` names of its own (its deadline may be known before its stop is). */
  become(role: Partial<StopRole>): void {
    this.#role = { ...this.#role, ...role };
  }

  get requested(): boolean {
    return this.#requests.requested;
  }

  request(reason: string, code = 0): void {
    this.#requests.request(reason, code);
  }

  /**
   * A fault nothing caught leaves the process in a state no one can vouch for: one line says what it was, the
   * process stops as on SIGTERM (the server drains within DRAIN_TIMEOUT_MS), and exits 1, so that a supervisor starts
   * a fresh one (with WORKERS, the primary replaces the worker). A second fault while draining is not logged again.
   */
  #exitOnFault(kind: string): (error: unknown) => void {
    return (error) => {
      if (this.#faulted) return;
      this.#faulted = true;
      const fields = error instanceof Error ? { error: error.message, stack: error.stack } : { error: String(error) };
      this.output.error(`${kind}: draining and exiting`, { pid: process.pid, ...fields });
      this.#requests.request(kind, 1);
    };
  }
}
