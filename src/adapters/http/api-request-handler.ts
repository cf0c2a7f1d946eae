import type { IncomingMessage, ServerResponse } from 'node:http';
import { inspect } from 'node:util';
import { inject, injectable } from 'inversify';
import { NotFoundError } from '../../application/errors/not-found-error.js';
import { ResolveVersion } from '../../application/use-cases/resolve-version.js';
import type { Version } from '../../domain/versioning/version.js';
import { ApiRoutes } from './api-routes.js';
import { CachedAcceptReader } from './cached-accept-reader.js';
import { errorResponseFor, SERVER_ERROR } from './error-responses.js';
import { checkHostHeader } from './host-header.js';
import { HTTP_LOGS, type HttpLogs } from './http-logs.js';
import { IsoTimestamps } from './iso-timestamps.js';
import { parseRequestTarget } from './request-target.js';
import { Router } from './router.js';
import { sendJson } from './send-json.js';

export const ALLOWED_METHODS = 'GET, HEAD, OPTIONS';
const REDIRECTABLE_PATH = /^[\x21-\x7e]*$/;
const LOGGED_PATH_LENGTH = 2048;
/** Logged when the connection closed before the whole response was written (nginx's convention). */
const CLIENT_CLOSED_REQUEST = 499;

/**
 * Answers one request, checking in this order: Host (400), unknown path (404, or 301 to the slash form),
 * method (204 for OPTIONS, 405), version (406), then the use case (availability and record, 404).
 * An unversioned route (`/health/`) skips the version: it answers whatever Accept says.
 */
@injectable()
export class ApiRequestHandler {
  readonly #router: Router;
  readonly #accept = new CachedAcceptReader();
  readonly #timestamps = new IsoTimestamps();

  constructor(
    @inject(ApiRoutes) routes: ApiRoutes,
    @inject(ResolveVersion) private readonly resolveVersion: ResolveVersion,
    @inject(HTTP_LOGS) private readonly logs: HttpLogs,
  ) {
    this.#router = new Router(routes.all);
  }

  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = performance.now();
    const method = req.method as string;
    const { path, query } = parseRequestTarget(req.url as string);
    let version: Version | undefined;
    const access = this.logs.access;
    if (access !== undefined) {
      res.once('close', () =>
        access(accessLine(this.#timestamps.current(), method, path, res.writableFinished ? res.statusCode : CLIENT_CLOSED_REQUEST, version, started)),
      );
    }
    try {
      checkHostHeader(req);
      const match = this.#router.match(path);
      if (match === undefined) return this.#redirectToSlashForm(res, path, query);
      if (method === 'OPTIONS') return sendJson(res, 204, undefined, undefined, { Allow: ALLOWED_METHODS });
      if (method !== 'GET' && method !== 'HEAD') {
        return sendJson(res, 405, { detail: `Method "${method}" not allowed.` }, undefined, { Allow: ALLOWED_METHODS });
      }
      if (match.route.unversioned === true) {
        const result = await match.route.handle({ version: undefined, path, params: match.params, query });
        return sendJson(res, result.status ?? 200, result.body, undefined, result.headers);
      }
      version = this.resolveVersion.execute({ requested: this.#accept.versionFrom(req.headers.accept) });
      const result = await match.route.handle({ version, path, params: match.params, query });
      sendJson(res, result.status ?? 200, result.body, version, result.headers);
    } catch (error) {
      const known = errorResponseFor(error);
      if (known === undefined) this.logs.errors(errorLine(method, path, error));
      const { status, detail, headers } = known ?? SERVER_ERROR;
      sendJson(res, status, { detail }, version, headers);
    }
  }

  #redirectToSlashForm(res: ServerResponse, path: string, query: string): void {
    if (path.endsWith('/') || !REDIRECTABLE_PATH.test(path) || this.#router.match(`${path}/`) === undefined) {
      throw new NotFoundError('unknown_path');
    }
    const location = query === '' ? `${path}/` : `${path}/?${query}`;
    sendJson(res, 301, { detail: `Moved permanently to ${location}.` }, undefined, { Location: location });
  }
}

/** The access log line, written out by hand: a JSON.stringify of an object per request costs more. */
function accessLine(time: string, method: string, path: string, status: number, version: Version | undefined, started: number): string {
  const duration = Math.round((performance.now() - started) * 1000) / 1000;
  return (
    `{"time":"${time}","method":${JSON.stringify(method)},"path":${JSON.stringify(path.slice(0, LOGGED_PATH_LENGTH))},` +
    `"status":${status},"version":${version === undefined ? 'null' : `"${version.toString()}"`},"duration_ms":${duration}}`
  );
}

function errorLine(method: string, path: string, error: unknown): string {
  return JSON.stringify({
    time: new Date().toISOString(),
    level: 'error',
    request: `${method} ${path.slice(0, LOGGED_PATH_LENGTH)}`,
    error: describeError(error),
  });
}

/** The stack of an Error; anything else as util.inspect shows it, which, unlike String(), never throws (an object without a prototype has no toString). */
function describeError(error: unknown): string {
  if (error instanceof Error && typeof error.stack === 'string') return error.stack;
  return typeof error === 'string' ? error : inspect(error, { depth: 3, breakLength: Infinity });
}
