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
  /** Adds a request with a new Accept header each time and one of a new unknown path each time (UNIQUE_VARIANTS). */
  readonly uniqueVariants?: boolean;
}

/**
 * The requests `uniqueVariants` adds, made fresh each time by appending a new token: a dog with an Accept of an extra
 * range that loses (an unknown parameter would be a 406), and an unknown path. No cache or table may grow with them.
 */
export const UNIQUE_VARIANTS = {
  accept: { path: '/doggies/1/', acceptPrefix: 'application/json; version=2.1.0, text/n' },
  path: { pathPrefix: '/nope-', accept: 'application/json' },
} as const;

/** One request of a load: its path, Accept, If-None-Match if any, and further headers if any (lowercased names). */
export interface LoadRequest {
  readonly path: string;
  readonly accept: string;
  readonly ifNoneMatch?: string | undefined;
  readonly headers?: Readonly<Record<string, string>> | undefined;
}

/** What it measured; latencies in milliseconds (wrk's resolution is 1 µs, autocannon's 1 ms). */
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

/** The autocannon process (load-generator.ts), started once and given one run at a time. */
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
