import { startServerProcess, type ServerProcess } from './child-process.js';
import { LoadGenerator, type LoadResult, type LoadSpec } from './load-spec.js';

/**
 * The server processes a script has started and its load generator (a process of its own, started on first
 * use): stopped together when the script ends, or when it is interrupted (SIGINT, SIGTERM: then it exits 130).
 */
export class RunningProcesses {
  readonly #servers = new Set<ServerProcess>();
  #generator: LoadGenerator | undefined;

  constructor(private readonly loadScript: string) {
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

  /** One run of the load generator. */
  load(spec: LoadSpec): Promise<LoadResult> {
    this.#generator ??= new LoadGenerator(this.loadScript);
    return this.#generator.run(spec);
  }

  async stopAll(): Promise<void> {
    this.#generator?.stop();
    this.#generator = undefined;
    await Promise.all([...this.#servers].map((server) => this.stop(server)));
  }
}
