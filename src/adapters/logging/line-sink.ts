import type { LogSink } from './log-sink.js';

/** A sink that writes each line to `stream`, ended by a newline: a command's stdout or stderr. */
export function lineSink(stream: NodeJS.WritableStream): LogSink {
  return (line) => {
    stream.write(`${line}\n`);
  };
}
