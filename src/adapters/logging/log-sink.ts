/** Where a log line goes: one JSON object a line, written without waiting. */
export type LogSink = (line: string) => void;
