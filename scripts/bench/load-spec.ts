import { spawn } from 'node:child_process';

/** What the load generator process is asked to do. */
export interface LoadSpec {
  readonly url: string;
  readonly connections: number;
  /** Seconds; ignored when `amount` is given. */
  readonly duration: number;
  /** A number of requests to send instead of a duration. */
  readonly amount?: number;
  /** Requested in turn on every connection. */
  readonly requests: readonly { readonly path: string; readonly accept: string }[];
  /** Adds a request with a new Accept header each time and one of a new unknown path each time. */
  readonly uniqueVariants?: boolean;
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

/** Runs the load generator in its own process and returns what it measured. */
export function runLoad(script: string, spec: LoadSpec): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, JSON.stringify(spec)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (text: string) => (out += text));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`the load generator exited with code ${code}`));
      try {
        resolve(JSON.parse(out) as LoadResult);
      } catch {
        reject(new Error(`the load generator printed ${JSON.stringify(out.slice(0, 200))}`));
      }
    });
  });
}
