import type { LogSink } from '../logging/log-sink.js';

/** Where the HTTP adapter writes: one access line per request (absent when ACCESS_LOG is off), and unexpected errors. */
export interface HttpLogs {
  readonly access: LogSink | undefined;
  readonly errors: LogSink;
}

export const HTTP_LOGS = Symbol.for('HttpLogs');
