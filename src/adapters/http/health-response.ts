import type { Health } from '../../application/use-cases/check-health.js';
import { RETRY_AFTER_SECONDS } from './error-responses.js';
import type { RouteResponse } from './route.js';

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
