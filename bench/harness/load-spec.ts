import { fork, type ChildProcess } from 'node:child_process';

/** What the load generator process is asked to do. */
export interface LoadSpec {
  readonly url: string;
  readonly connections: number;
  /** Seconds; ignored when `amount` is given. */
  readonly duration: number;
  /** A number of requests to send instead of a duration. */
  readonly amount?: number;
  /** Requested in turn on every connection. */
  readonly requests: readonly LoadRequest[];
  /** Adds a request with a new Accept header each time and one of a new unknown path each time. */
  readonly uniqueVariants?: boolean;
}

/** One request of a load: its path, Accept, If-None-Match if any, and further headers if any (lowercased names). */
export interface LoadRequest {
  readonly path: string;
  readonly accept: string;
  readonly ifNoneMatch?: string | undefined;
  readonly headers?: Readonly<Record<string, string>> | undefined;
}

/** What it measured; latencies in milliseconds (autocannon's resolution is 1 ms). */
export interface LoadResult {
  readonly requests: number;
  readonly seconds: number;
  readonly requestsPerSecond: number;
  readonly p50: number;
  readonly p99: number;
  readonly errors: number;
  readonly timeouts: number;
  /** Responses per status code. */
  readonly statuses: Readonly<Record<string, number>>;
}

/** The load generator process (autocannon), started once and given one run at a time. */
export class LoadGenerator {
  readonly #child: ChildProcess;
  #failure: Error | undefined;

  constructor(script: string) {
    this.#child = fork(script, [], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    this.#child.once('exit', (code, signal) => (this.#failure = new Error(`the load generator exited (code ${code}, signal ${signal})`)));
  }

  run(spec: LoadSpec): Promise<LoadResult> {
    return new Promise((resolve, reject) => {
      if (this.#failure !== undefined) return reject(this.#failure);
      const onExit = (): void => reject(this.#failure ?? new Error('the load generator exited'));
      this.#child.once('exit', onExit);
      this.#child.once('message', (result) => {
        this.#child.off('exit', onExit);
        resolve(result as LoadResult);
      });
      this.#child.send(spec);
    });
  }

  stop(): void {
    this.#child.kill();
  }
}
