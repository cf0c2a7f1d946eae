import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LoadResult, LoadSpec } from './load-spec.js';
import { wrkResult, wrkVersion } from './wrk-output.js';
import { wrkScript } from './wrk-script.js';

/** wrk, the load generator in C, found on PATH: one child process per run, given a Lua script written for it. */
export class Wrk {
  #running: ChildProcess | undefined;

  private constructor(
    readonly command: string,
    readonly version: string,
  ) {}

  /** wrk on PATH and its version, or undefined when it is not installed. */
  static find(command = 'wrk'): Wrk | undefined {
    // `wrk --version` prints its version, then its usage, and exits 1 (no URL given).
    const { stdout, error } = spawnSync(command, ['--version'], { encoding: 'utf8' });
    if (error !== undefined) return undefined;
    const version = wrkVersion(stdout);
    return version === undefined ? undefined : new Wrk(command, version);
  }

  async run(spec: LoadSpec): Promise<LoadResult> {
    if (spec.amount !== undefined) throw new Error('wrk runs for a time, not for a number of requests');
    const directory = await mkdtemp(join(tmpdir(), 'version-aware-api-wrk-'));
    try {
      const script = join(directory, 'load.lua');
      await writeFile(script, wrkScript(spec));
      return wrkResult(await this.#spawn(wrkArguments(spec, script, cpus().length)));
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  }

  stop(): void {
    this.#running?.kill();
  }

  #spawn(args: readonly string[]): Promise<string> {
    return new Promise((resolve, reject) => {
      const child = spawn(this.command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
      this.#running = child;
      let stdout = '';
      let stderr = '';
      child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
      child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
      child.once('error', reject);
      child.once('close', (code, signal) => {
        this.#running = undefined;
        if (code === 0) resolve(stdout);
        else reject(new Error(`wrk ${args.join(' ')} exited (code ${code}, signal ${signal}): ${stderr.trim() || stdout.trim()}`));
      });
    });
  }
}

/** wrk's command line for a run: its threads, connections, whole seconds, 10 s timeout, latency percentiles, the script. */
export function wrkArguments(spec: LoadSpec, script: string, cores: number): string[] {
  return [
    `--threads=${wrkThreads(spec.connections, cores)}`,
    `--connections=${spec.connections}`,
    `--duration=${wrkSeconds(spec.duration)}s`,
    '--timeout=10s',
    '--latency',
    `--script=${script}`,
    spec.url,
  ];
}

/**
 * As many threads as leave one core to the server measured, each with as many connections (wrk gives each thread
 * connections / threads and drops the rest, so the count divides the connections); at least one.
 */
export function wrkThreads(connections: number, cores: number): number {
  for (let threads = Math.min(connections, cores - 1); threads > 1; threads -= 1) if (connections % threads === 0) return threads;
  return 1;
}

/** wrk takes whole seconds, at least one: a shorter run (the smoke run's 0.3 s) lasts a second. */
export function wrkSeconds(duration: number): number {
  return Math.max(1, Math.ceil(duration));
}

/** What wrk's whole seconds make of the runs' lengths: ` (whole seconds only: 0.3 s runs last 1 s)`, or nothing. */
export function wrkRounding(durations: readonly number[]): string {
  const rounded = [...new Set(durations)].filter((seconds) => seconds > 0 && seconds !== wrkSeconds(seconds));
  if (rounded.length === 0) return '';
  return ` (whole seconds only: ${rounded.map((seconds) => `${seconds} s runs last ${wrkSeconds(seconds)} s`).join(', ')})`;
}
