import { LoadGenerator, type LoadResult, type LoadSpec } from './load-spec.js';
import { Wrk } from './wrk.js';

/**
 * Who sends a load: wrk where it is installed, since a generator slower than the servers saturates first and pulls
 * every ratio toward 1 (autocannon, in JavaScript, does on a small machine); autocannon where wrk is missing, and for a
 * fixed number of requests (`LoadSpec.amount`, the memory check), which wrk cannot send.
 */
export class LoadGenerators {
  readonly #wrk: Wrk | undefined = Wrk.find();
  #autocannon: LoadGenerator | undefined;

  constructor(private readonly autocannonScript: string) {}

  /** What runs a timed load: `wrk 4.1.0`, or `autocannon (wrk not installed)`. */
  get name(): string {
    return this.#wrk === undefined ? 'autocannon (wrk not installed)' : `wrk ${this.#wrk.version}`;
  }

  /** Whether wrk sends the timed loads (a fixed number of requests still goes to autocannon). */
  get usesWrk(): boolean {
    return this.#wrk !== undefined;
  }

  run(spec: LoadSpec): Promise<LoadResult> {
    if (this.#wrk !== undefined && spec.amount === undefined) return this.#wrk.run(spec);
    this.#autocannon ??= new LoadGenerator(this.autocannonScript);
    return this.#autocannon.run(spec);
  }

  stop(): void {
    this.#wrk?.stop();
    this.#autocannon?.stop();
    this.#autocannon = undefined;
  }
}
