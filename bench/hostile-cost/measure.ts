import { readFile } from 'node:fs/promises';
import { RawClient, requestBytes } from './raw-client.js';
import type { HostileShape } from './shapes.js';

/** How one shape at one size was answered. */
export interface SizeResult {
  /** Bytes of the whole request. */
  readonly bytes: number;
  readonly requests: number;
  /** The service's main-thread CPU per request, in µs. */
  readonly cpuMicros: number;
  /** The slowest hostile request, from first byte sent to last byte received. */
  readonly maxMillis: number;
  /** Each status answered, with its count ("timeout" when no answer came). */
  readonly statuses: Readonly<Record<string, number>>;
  /** The slowest of the ordinary requests sent on another connection meanwhile. */
  readonly probeMaxMillis: number;
}

export interface MeasureOptions {
  readonly port: number;
  readonly pid: number;
  /** Bytes of hostile requests to send per shape and size; the count is this over the request's size, within the bounds below. */
  readonly budgetBytes: number;
  readonly minRequests: number;
  readonly maxRequests: number;
  readonly timeoutMs: number;
}

const PROBE = requestBytes({ target: '/doggies/1/', headers: { Accept: 'application/json; version=2.1.0' } });
const PROBE_PAUSE_MS = 2;

/** CPU time of the process's main thread (the one that parses requests) in ns, from /proc (Linux). */
async function mainThreadCpuNanos(pid: number): Promise<number> {
  const schedstat = await readFile(`/proc/${pid}/task/${pid}/schedstat`, 'utf8');
  return Number(schedstat.split(' ')[0]);
}

/** Ordinary requests, one at a time with a short pause, for as long as the hostile ones go on: how long each waited. */
function probe(port: number, timeoutMs: number): { stop: () => Promise<number> } {
  const client = new RawClient(port, timeoutMs);
  let running = true;
  let slowest = 0;
  const loop = (async () => {
    while (running) {
      try {
        slowest = Math.max(slowest, (await client.send(PROBE)).millis);
      } catch {
        slowest = Math.max(slowest, timeoutMs);
        client.close();
      }
      await new Promise((resolve) => setTimeout(resolve, PROBE_PAUSE_MS));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      client.close();
      return slowest;
    },
  };
}

/** Ordinary requests before anything is measured, so the first shape does not pay for the service's JIT. */
export async function warmUp(port: number, requests: number, timeoutMs: number): Promise<void> {
  const client = new RawClient(port, timeoutMs);
  for (let sent = 0; sent < requests; sent += 1) await client.send(PROBE);
  client.close();
}

/** Sends the shape at `size` as often as the budget says, on one keep-alive connection, and reads what it cost the service. */
export async function measureShape(shape: HostileShape, size: number, options: MeasureOptions): Promise<SizeResult> {
  const bytes = requestBytes(shape.build(size));
  const requests = Math.min(options.maxRequests, Math.max(options.minRequests, Math.ceil(options.budgetBytes / bytes.length)));
  const client = new RawClient(options.port, options.timeoutMs);
  const statuses: Record<string, number> = {};
  const count = (status: string): void => {
    statuses[status] = (statuses[status] ?? 0) + 1;
  };
  let maxMillis = 0;
  const probing = probe(options.port, options.timeoutMs);
  const before = await mainThreadCpuNanos(options.pid);
  let sent = 0;
  try {
    for (; sent < requests; sent += 1) {
      const answer = await client.send(bytes);
      count(String(answer.status));
      maxMillis = Math.max(maxMillis, answer.millis);
    }
  } catch {
    count('timeout');
    maxMillis = Math.max(maxMillis, options.timeoutMs);
  } finally {
    client.close();
  }
  const after = await mainThreadCpuNanos(options.pid);
  const probeMaxMillis = await probing.stop();
  return { bytes: bytes.length, requests: sent, cpuMicros: (after - before) / 1000 / Math.max(1, sent), maxMillis, statuses, probeMaxMillis };
}

/** How cost grows with size between two results: 1 is linear, 2 quadratic. */
export function growthExponent(small: SizeResult, large: SizeResult): number {
  return Math.log(large.cpuMicros / small.cpuMicros) / Math.log(large.bytes / small.bytes);
}
