import type { Health } from '../../../application/use-cases/check-health.js';
import { closedObject, type JsonSchema } from '../../../domain/versioning/json-schema.js';
import type { RouteResponse } from '../routing/route-request.js';
import { RETRY_AFTER_SECONDS } from '../request/refusals.js';

/** Either body of `/health/`. */
export const HEALTH_SCHEMA: JsonSchema = {
  oneOf: [
    closedObject({ status: { const: 'ok' } }),
    closedObject({ status: { const: 'unavailable' }, failing: { type: 'array', items: { type: 'string' } }, detail: { type: 'string' } }),
  ],
};

/** For load balancers: 200 `{"status": "ok"}`, or 503 naming the dependencies that do not answer. Never cached. */
export function healthResponse({ ok, failing }: Health): RouteResponse {
  const headers = { 'Cache-Control': 'no-store' };
  if (ok) return { body: { status: 'ok' }, headers };
  return {
    status: 503,
    body: { status: 'unavailable', failing, detail: `Service unavailable: ${failing.join(', ')} not answering.` },
    headers: { ...headers, 'Retry-After': String(RETRY_AFTER_SECONDS) },
  };
}
