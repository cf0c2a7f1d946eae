import { inspect } from 'node:util';
import { redactKeys } from '../../identity/api-key.js';
import type { LogSink } from '../../logging/log-sink.js';
import type { Exchange } from './exchange.js';
import { SERVER_ERROR, errorResponseFor, type ErrorResponse } from '../request/refusals.js';

/** Longer paths are cut in log lines. */
export const LOGGED_PATH_LENGTH = 2048;

/** The error response of a refusal (its status and `detail`); anything unexpected is logged and answered 500, with no detail of it. */
export class ErrorReply {
  constructor(private readonly errorLog: LogSink) {}

  of(error: unknown, { method, path }: Exchange): ErrorResponse {
    const known = errorResponseFor(error);
    if (known !== undefined) return known;
    this.errorLog(
      JSON.stringify({
        time: new Date().toISOString(),
        level: 'error',
        request: `${method} ${redactKeys(path).slice(0, LOGGED_PATH_LENGTH)}`,
        error: redactKeys(describeError(error)),
      }),
    );
    return SERVER_ERROR;
  }
}

/** The stack of an Error; anything else as util.inspect shows it, which, unlike String(), never throws (an object without a prototype has no toString). */
function describeError(error: unknown): string {
  if (error instanceof Error && typeof error.stack === 'string') return error.stack;
  return typeof error === 'string' ? error : inspect(error, { depth: 3, breakLength: Infinity });
}
