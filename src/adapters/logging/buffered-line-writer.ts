import type { LogSink } from './log-sink.js';

/** Beyond this many characters waiting, lines are written at once rather than at the end of the interval. */
export const MAX_PENDING_CHARS = 64 * 1024;
/** How long a line may wait for others to be written with it. */
export const FLUSH_INTERVAL_MS = 20;

/**
 * Collects log lines and hands them to `write` together, at most `intervalMs` after the first of them
 * (or as soon as MAX_PENDING_CHARS wait), so a busy server makes one write to its stdout where it would
 * make thousands. Lines keep their order; `flush` writes what waits (call it before the process exits).
 */
export class BufferedLineWriter {
  #pending = '';
  #scheduled: NodeJS.Timeout | undefined;

  constructor(
    private readonly write: (text: string) => void,
    private readonly intervalMs = FLUSH_INTERVAL_MS,
  ) {}

  readonly sink: LogSink = (line) => {
    this.#pending += `${line}\n`;
    if (this.#pending.length >= MAX_PENDING_CHARS) this.flush();
    else this.#scheduled ??= setTimeout(() => this.flush(), this.intervalMs);
  };

  flush(): void {
    if (this.#scheduled !== undefined) {
      clearTimeout(this.#scheduled);
      this.#scheduled = undefined;
    }
    if (this.#pending === '') return;
    const text = this.#pending;
    this.#pending = '';
    this.write(text);
  }
}
