import { startServerProcess, type ServerProcess } from './child-process.js';
import { LoadGenerators } from './load-generators.js';
import type { LoadResult, LoadSpec } from './load-spec.js';

/**
 * The server processes a script has started and its load generators (wrk, a process per run, or autocannon, a
 * process of its own started on first use): stopped together when the script ends, or when it is interrupted (SIGINT, SIGTERM: then it exits 130).
 */
export class RunningProcesses {
  readonly #servers = new Set<ServerProcess>();
  readonly #generators: LoadGenerators;

  constructor(autocannonScript: string) {
    this.#generators = new LoadGenerators(autocannonScript);
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      process.once(signal, () => {
        void this.stopAll().then(() => process.exit(130));
      });
    }
  }

  async start(script: string, args: readonly string[], env: Record<string, string>, nodeFlags: readonly string[] = []): Promise<ServerProcess> {
    const server = await startServerProcess(script, args, env, nodeFlags);
    this.#servers.add(server);
    return server;
  }

  async stop(server: ServerProcess): Promise<void> {
    this.#servers.delete(server);
    await server.stop();
  }

  /** What sends the loads: `wrk 4.1.0`, or `autocannon (wrk not installed)`. */
  get loadGenerator(): string {
    return this.#generators.name;
  }

  /** Whether wrk sends the timed loads (a fixed number of requests, the memory check, still goes to autocannon). */
  get usesWrk(): boolean {
    return this.#generators.usesWrk;
  }

  /** One run of the load generator. */
  load(spec: LoadSpec): Promise<LoadResult> {
    return this.#generators.run(spec);
  }

  async stopAll(): Promise<void> {
    this.#generators.stop();
    await Promise.all([...this.#servers].map((server) => this.stop(server)));
  }
}
