/**
 * Base of every refusal of a request (a 404, a 406): `code` is stable, never an HTTP status, and the HTTP adapter's
 * catalogue answers each code. A refusal is an outcome to answer, not a fault to trace, so no stack trace is captured
 * for it: capturing one costs more than the rest of the answer. Its `stack` is its first line.
 */
export abstract class Refusal extends Error {
  abstract readonly code: string;

  constructor(message: string) {
    const stackTraceLimit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = stackTraceLimit;
    this.name = new.target.name;
  }
}
