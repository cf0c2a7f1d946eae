import { redactKeys } from '../../identity/api-key.js';
import type { LogSink } from '../../logging/log-sink.js';
import { IsoTimestamps } from './iso-timestamps.js';
import type { Exchange } from '../steps/exchange.js';
import type { RequestObserver } from './request-observer.js';

/** Longer paths are cut in log lines. */
export const LOGGED_PATH_LENGTH = 2048;
const LOGGED_USER_AGENT_LENGTH = 256;

/** One JSON line per answered request: time, method, path, status, version, client (its name; never its key), duration and user agent. */
export class AccessLog implements RequestObserver {
  readonly timed = true;
  readonly #timestamps = new IsoTimestamps();

  constructor(private readonly sink: LogSink) {}

  /** Written out by hand: a JSON.stringify of an object per request costs more. */
  observe({ method, base, path, version, client, userAgent }: Exchange, status: number, durationMs: number): void {
    const duration = Math.round(durationMs * 1000) / 1000;
    const agent = userAgent === undefined ? 'null' : JSON.stringify(redactKeys(userAgent).slice(0, LOGGED_USER_AGENT_LENGTH));
    this.sink(
      `{"time":"${this.#timestamps.current()}","method":${JSON.stringify(method)},"path":${JSON.stringify(redactKeys(base + path).slice(0, LOGGED_PATH_LENGTH))},` +
        `"status":${status},"version":${version === undefined ? 'null' : `"${version.toString()}"`},` +
        `"client":${client === undefined ? 'null' : `"${client.name}"`},"duration_ms":${duration},"user_agent":${agent}}`,
    );
  }
}
