import { setTimeout as delay } from 'node:timers/promises';
import { BufferedLineWriter } from '../logging/buffered-line-writer.js';
import type { LogSink } from '../logging/log-sink.js';
import { StreamTextWriter } from '../logging/stream-text-writer.js';

/** How long an exiting process waits for a slow reader of its stdout to take the last lines. */
const LAST_OUTPUT_WAIT_MS = 2000;

/** A line's fields beyond its time, level and message. */
export type LogFields = Record<string, unknown>;
export type Log = (message: string, fields?: LogFields) => void;

/**
 * A process's stdout and stderr as the service writes them: the access log and the info lines share stdout, in order,
 * written together at most FLUSH_INTERVAL_MS apart; errors go to stderr at once. With its reader gone a stream is
 * dropped, not fatal: the service keeps serving without that output.
 */
export class ProcessOutput {
  readonly stderrStream = new StreamTextWriter(process.stderr);
  readonly stdoutStream = new StreamTextWriter(process.stdout, (error) =>
    this.stderrStream.write(
      `${logLine('error', 'stdout failed: the access log and info lines are dropped from now on', { error: error.message })}\n`,
    ),
  );
  readonly #stdout = new BufferedLineWriter(this.stdoutStream.write);
  /** What the composed service writes to. */
  readonly service: { readonly stdout: LogSink; readonly stderr: LogSink } = {
    stdout: this.#stdout.sink,
    stderr: (line) => this.stderrStream.write(`${line}\n`),
  };
  readonly info: Log = this.logger('info', this.service.stdout);
  readonly error: Log = this.logger('error', this.service.stderr);

  constructor() {
    process.on('exit', () => this.#stdout.flush());
  }

  /** A JSON line of `level` written by `write`. */
  logger(level: string, write: (line: string) => void): Log {
    return (message, fields = {}) => write(logLine(level, message, fields));
  }

  /** Exits once stdout has taken what was written to it (a pipe takes it asynchronously), or after LAST_OUTPUT_WAIT_MS. */
  async exitAfterOutput(code: number): Promise<never> {
    this.#stdout.flush();
    await Promise.race([this.stdoutStream.flushed(), delay(LAST_OUTPUT_WAIT_MS)]);
    process.exit(code);
  }
}

let shared: ProcessOutput | undefined;

/** This process's output, made the first time it is asked for: what runApi writes to, and a composed service by default. */
export function processOutput(): ProcessOutput {
  shared ??= new ProcessOutput();
  return shared;
}

/** One log line: its time, level and message, then its fields. */
export function logLine(level: string, message: string, fields: LogFields): string {
  return JSON.stringify({ time: new Date().toISOString(), level, message, ...fields });
}
