/**
 * Base of every error the domain and application raise on purpose; `code` is stable, never an HTTP status.
 * Such an error is an outcome to answer (a 404, a 406), not a fault to trace, so no stack trace is
 * captured for it: capturing one costs more than the rest of the answer. Its `stack` is its first line.
 */
export abstract class DomainError extends Error {
  abstract readonly code: string;

  constructor(message: string) {
    const stackTraceLimit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = stackTraceLimit;
    this.name = new.target.name;
  }
}
