import type { LogSink } from './log-sink.js';

/** Beyond this many characters waiting, lines are written at once rather than at the end of the turn. */
export const MAX_PENDING_CHARS = 64 * 1024;

/**
 * Collects log lines and hands them to `write` together, once per turn of the event loop (or as soon as
 * MAX_PENDING_CHARS wait), so a busy server makes one write to its stdout where it would make hundreds.
 * Lines keep their order; `flush` writes what waits (call it before the process exits).
 */
export class BufferedLineWriter {
  #pending = '';
  #scheduled: NodeJS.Immediate | undefined;

  constructor(private readonly write: (text: string) => void) {}

  readonly sink: LogSink = (line) => {
    this.#pending += `${line}\n`;
    if (this.#pending.length >= MAX_PENDING_CHARS) this.flush();
    else this.#scheduled ??= setImmediate(() => this.flush());
  };

  flush(): void {
    if (this.#scheduled !== undefined) {
      clearImmediate(this.#scheduled);
      this.#scheduled = undefined;
    }
    if (this.#pending === '') return;
    const text = this.#pending;
    this.#pending = '';
    this.write(text);
  }
}
