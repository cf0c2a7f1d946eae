import { DEFAULT_LIMIT, MAX_LIMIT } from '../../../application/paging/page-request.js';
import { RECORD_ID_SCHEMA } from '../../../domain/versioning/record-collection.js';
import type { Version } from '../../../domain/versioning/version.js';
import { API_VERSION_HEADER } from '../request/api-version-header.js';
import type { Json } from './response-objects.js';

/** The parameters of a pattern's path: each a record id. */
export function pathParameters(pattern: string): Json[] {
  return [...pattern.matchAll(/:(\w+)/g)].map(([, name]) => ({
    name: name as string,
    in: 'path',
    required: true,
    description: 'A record id; anything else finds no record (404).',
    schema: RECORD_ID_SCHEMA,
    example: 1,
  }));
}

/** The query parameters of a page of records. */
export function pageParameters(): Json[] {
  const query = (name: string, description: string, schema: Json): Json => ({ name, in: 'query', required: false, description, schema });
  return [
    query('limit', 'Records on the page.', { type: 'integer', minimum: 1, maximum: MAX_LIMIT, default: DEFAULT_LIMIT }),
    query('offset', 'Records skipped before the page; not with a cursor.', { type: 'integer', minimum: 0, default: 0 }),
    query('starting_after', 'The page just after this id (Stripe cursor); not with offset or ending_before.', RECORD_ID_SCHEMA),
    query('ending_before', 'The page just before this id (Stripe cursor); not with offset or starting_after.', RECORD_ID_SCHEMA),
  ];
}

/** The conditional GET of a versioned route. */
export const IF_NONE_MATCH: Json = {
  name: 'If-None-Match',
  in: 'header',
  required: false,
  description: 'Entity tags already held (or `*`): when one is the current ETag, the answer is 304 with no body.',
  schema: { type: 'string' },
};

/**
 * The version of a versioned operation, as the header its document's version only may fill: required, so a typed
 * client cannot be written without it, and its default, so a client that fills defaults sends it. The service itself
 * reads it only when present.
 */
export function apiVersionParameter(version: Version): Json {
  const text = version.toString();
  return {
    name: API_VERSION_HEADER,
    in: 'header',
    required: true,
    description:
      `The version this document describes, ${text}: the answer is served at it. Accept's \`version\` parameter names a version ` +
      'too (and, unlike this header, costs a browser no CORS preflight); both naming different versions is a 400.',
    schema: { type: 'string', enum: [text], default: text },
    example: text,
  };
}
