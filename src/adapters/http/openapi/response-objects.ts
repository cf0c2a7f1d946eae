import { MAX_LIMIT } from '../../../application/paging/page-request.js';
import type { ChangelogEntry } from '../../../domain/versioning/changelog-entry.js';
import type { JsonValue } from '../../../domain/versioning/representation.js';
import { EXPOSED_HEADERS } from '../cors/cors-policy.js';
import type { ServedRoute } from '../routing/route.js';
import type { RouteBody, RouteContract } from '../routing/route-contract.js';
import { allowedMethods } from '../routing/route-methods.js';
import { RETRY_AFTER_SECONDS } from '../request/refusals.js';
import { named } from './component-names.js';

/** A JSON object of a document. */
export type Json = { [key: string]: JsonValue };

/** A header sent only in some cases; `always` declares one every such response carries (`required`). */
export const text = (description: string): Json => ({ description, schema: { type: 'string' } });
export const always = (description: string): Json => ({ ...text(description), required: true });

/** The headers of every response. */
export const COMMON_HEADERS: Json = {
  Vary: always(
    "`Accept, Api-Version, Authorization`: the version is chosen by Accept or Api-Version, or by a client's pin; `Accept, Api-Version, Authorization, Origin` when CORS_ORIGINS lists origins.",
  ),
  'X-Content-Type-Options': always('Always `nosniff`: a body is never to be read as another media type than its `Content-Type`.'),
  'Cache-Control': always(
    '`no-store` on errors; on a 200 or 304 with an ETag, `no-cache`, or `public, max-age=N` when the service sets one; for a request ' +
      'with an API key, `private` in place of `public`, or before `no-cache`.',
  ),
  'Access-Control-Allow-Origin': text(
    'CORS: `*` with the default CORS_ORIGINS, on every response; with a list of origins, the request `Origin` when listed, else absent.',
  ),
  'Access-Control-Expose-Headers': text(`CORS, with Access-Control-Allow-Origin: the headers a script may read, \`${EXPOSED_HEADERS}\`.`),
};

export function ref(name: string): Json {
  return { $ref: `#/components/schemas/${name}` };
}

/** The schema of what a route's 200 answers with. */
export function bodySchema(body: RouteBody): Json {
  if (body.kind === 'fixed') return ref(body.name);
  return body.kind === 'record' ? ref(body.recordType.name) : { type: 'array', items: ref(body.recordType.name), maxItems: MAX_LIMIT };
}

/** An error response: `{"detail": …}`, with the common headers and `headers`. */
export function errorResponse(description: string, headers: Json = {}): Json {
  return { description, headers: { ...COMMON_HEADERS, ...headers }, content: { 'application/json': { schema: ref('ErrorBody') } } };
}

/** `Allow` on a route's 405 and OPTIONS 204. */
export function allowHeader(route: ServedRoute): Json {
  return named(`Allow.${methodsName(route)}`, always(`Always \`${allowedMethods(route)}\`.`));
}

/** A route's methods in a component's name: `GET-HEAD-OPTIONS`. */
const methodsName = (route: ServedRoute): string => allowedMethods(route).replaceAll(', ', '-');

/** The 405 of a route: a method it does not answer. */
export function methodNotAllowed(route: ServedRoute): Json {
  return named(
    `MethodNotAllowed.${methodsName(route)}`,
    errorResponse(`A method other than ${allowedMethods(route)}.`, { Allow: allowHeader(route) }),
  );
}

/** The headers a route declares its 200 and 503 always carry, each `required`. */
export function ownHeaders(contract: RouteContract): Json {
  return Object.fromEntries(
    Object.entries(contract.headers ?? {}).map(([name, description]) => [name, named(`${name}.${contract.operationId}`, always(description))]),
  );
}

/** The 503 of a route whose storage may not answer, with `headers` beyond the common ones. */
export function unavailable(headers: Json): Json {
  return errorResponse('The storage does not answer; retry later.', {
    ...headers,
    'Retry-After': { description: `Seconds to wait: ${RETRY_AFTER_SECONDS}.`, required: true, schema: { type: 'integer' } },
  });
}

export const SERVER_FAULT = 'A fault of the service; the body says nothing of it.';

/**
 * The Deprecation, Sunset and Link headers every response served at a deprecated version carries; `required` where
 * the version is always chosen before such a response (not on a 400 or 500, which may come before it is).
 */
export function lifecycleHeaders({ deprecated, sunset }: ChangelogEntry, required: boolean): Json {
  if (deprecated === null) return {};
  // The optional ones are named apart from the required ones, which the same document declares too.
  const header = (name: string, description: string): Json => (required ? always(description) : named(`${name}.optional`, text(description)));
  const headers: Json = {
    Deprecation: header('Deprecation', `RFC 9745: \`@\` and the Unix seconds of ${deprecated}, 00:00 UTC.`),
    Link: header('Link', 'RFC 8288: `rel="deprecation"` (and `rel="sunset"`) to the page that explains the move, after any `next` and `prev`.'),
  };
  if (sunset !== null) headers.Sunset = header('Sunset', `RFC 8594: ${sunset}, 00:00 UTC, as an HTTP date.`);
  return headers;
}
