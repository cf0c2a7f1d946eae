import type { Writable } from 'node:stream';

const NOTHING = Buffer.alloc(0);

/**
 * Writes text to one of the process's output streams (stdout, stderr). When the stream fails, most
 * often because its reader has gone (EPIPE: the log collector exited), `onFailure` hears of it once, when
 * given (stderr has nowhere left to say it), and everything written after is dropped: a lost reader never
 * stops the service from serving.
 */
export class StreamTextWriter {
  #failed = false;

  constructor(
    private readonly stream: Writable,
    private readonly onFailure?: (error: Error) => void,
  ) {
    stream.on('error', (error: Error) => {
      if (this.#failed) return;
      this.#failed = true;
      this.onFailure?.(error);
    });
  }

  /**
   * Text goes out as bytes encoded here: a stream to a pipe handed the string instead spends more CPU
   * per line. False when the stream holds more than it wants: a writer that can wait should, until
   * `flushed` settles.
   */
  readonly write = (text: string | Uint8Array): boolean => {
    if (this.#failed) return true;
    return this.stream.write(typeof text === 'string' ? Buffer.from(text) : text);
  };

  /** Settles once everything written so far has been handed to the operating system, or the stream has failed. */
  readonly flushed = (): Promise<void> => {
    if (this.#failed || this.stream.writableLength === 0) return Promise.resolve();
    return new Promise((resolve) => this.stream.write(NOTHING, () => resolve()));
  };
}
