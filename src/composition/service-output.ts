import type { LogSink } from '../adapters/logging/log-sink.js';

/** Where a composed service writes: stdout (the access log and info lines) and stderr (warnings and errors). */
export interface ServiceOutput {
  readonly stdout: LogSink;
  readonly stderr: LogSink;
}
