import type { RecordDescription } from '../../../application/use-cases/describe-records.js';
import { DEFAULT_LIMIT, MAX_LIMIT } from '../../../application/paging/page-request.js';
import { RECORD_ID_SCHEMA } from '../../../domain/api-history/record-schemas.js';
import type { ChangelogEntry } from '../../../domain/versioning/changelog-entry.js';
import type { JsonValue } from '../../../domain/versioning/representation.js';
import type { Version } from '../../../domain/versioning/version.js';
import { ALLOWED_METHODS } from '../allowed-methods.js';
import { EXPOSED_HEADERS } from '../caching/cors-policy.js';
import { ERROR_SCHEMA, RETRY_AFTER_SECONDS } from '../error-responses.js';
import type { Route, RouteContract } from '../route.js';
import type { OpenApiDocument } from './api-contracts.js';

type Json = { [key: string]: JsonValue };

/** What one version's document is made from: the version, its changelog entry, the routes and the record types at it. */
export interface DocumentSource {
  readonly version: Version;
  readonly entry: ChangelogEntry;
  readonly routes: readonly Route[];
  readonly records: readonly RecordDescription[];
  /** The sunsets the history declares, by version: a request selecting a retired one is answered 410, whatever the document. */
  readonly sunsets: readonly string[];
}

const text = (description: string): Json => ({ description, schema: { type: 'string' } });
const COMMON_HEADERS: Json = {
  Vary: text('`Accept`: the version is chosen by it; `Accept, Origin` when CORS_ORIGINS lists origins.'),
  'Cache-Control': text('`no-store` on errors; on a 200 or 304 with an ETag, `no-cache`, or `public, max-age=N` when the service sets one.'),
  'Access-Control-Allow-Origin': text(
    'CORS: `*` with the default CORS_ORIGINS, on every response; with a list of origins, the request `Origin` when listed, else absent.',
  ),
  'Access-Control-Expose-Headers': text(`CORS, with Access-Control-Allow-Origin: the headers a script may read, \`${EXPOSED_HEADERS}\`.`),
};
const ETAG: Json = text('RFC 9110 entity tag of this representation: it differs per version and changes with the body or the headers describing it.');
const IF_NONE_MATCH: Json = {
  name: 'If-None-Match',
  in: 'header',
  required: false,
  description: 'Entity tags already held (or `*`): when one is the current ETag, the answer is 304 with no body.',
  schema: { type: 'string' },
};

/**
 * The OpenAPI 3.1 document of one version: the operations that exist at it (their windows, R1 to R6), each with
 * its parameters, the schema of every status it can answer and its headers, and the records' schemas at the version.
 */
export function openApiDocument({ version, entry, routes, records, sunsets }: DocumentSource): OpenApiDocument {
  const schemas: Json = { Error: ERROR_SCHEMA };
  for (const record of records) schemas[record.key.name] = record.schema;
  const examples = new Map(records.map((record) => [record.key.name, record.example]));
  const paths: Json = {};
  for (const route of routes) {
    const { contract } = route;
    if (contract.availableAt !== undefined && !contract.availableAt(version)) continue;
    if (contract.body.kind === 'fixed') schemas[contract.body.name] = contract.body.schema;
    paths[route.pattern.replace(/:(\w+)/g, '{$1}')] = {
      get: operation(route, version, entry, examples, sunsets),
      options: {
        operationId: `${contract.operationId}Options`,
        summary: 'The methods the path allows',
        tags: [contract.tag],
        responses: { 204: { description: 'No body.', headers: { ...COMMON_HEADERS, Allow: text(`Always \`${ALLOWED_METHODS}\`.`) } } },
      },
    };
  }
  const info: Json = {
    title: 'Version-aware API',
    version: version.toString(),
    summary: `The dogs and cats API as version ${version.toString()} serves it${entry.deprecated === null ? '' : ', deprecated'}.`,
    description: infoDescription(version, entry),
  };
  if (entry.deprecated !== null) info['x-deprecated'] = entry.deprecated;
  if (entry.sunset !== null) info['x-sunset'] = entry.sunset;
  return {
    openapi: '3.1.0',
    info,
    tags: [...new Set(routes.map((route) => route.contract.tag))].map((name) => ({ name })),
    paths,
    components: { schemas },
  };
}

function infoDescription(version: Version, entry: ChangelogEntry): string {
  const changes = [...entry.notes, ...entry.models].map((line) => `- ${line}`).join('\n');
  return (
    lifecycleText(version, entry) +
    `Send \`Accept: application/json; version=${version.toString()}\` to be served this version; every response names the ` +
    `version it was served at in its \`Content-Type\`. A response with no version in its \`Content-Type\` was refused before ` +
    `a version was chosen. HEAD answers as GET does, without the body.\n\n## What ${version.toString()} changed\n\n${changes}`
  );
}

function lifecycleText(version: Version, { deprecated, sunset }: ChangelogEntry): string {
  if (deprecated === null) return '';
  const end = sunset === null ? 'No sunset is set yet.' : `From ${sunset} (UTC) on it is retired: every request selecting it gets 410 Gone.`;
  return `**Deprecated since ${deprecated}**: move to a newer version. ${end} Every response served at ${version.toString()} says so in its \`Deprecation\`${sunset === null ? '' : ', `Sunset`'} and \`Link\` headers.\n\n`;
}

/** The Deprecation, Sunset and Link headers every response served at a deprecated version carries. */
function lifecycleHeaders({ deprecated, sunset }: ChangelogEntry): Json {
  if (deprecated === null) return {};
  const headers: Json = {
    Deprecation: text(`RFC 9745: \`@\` and the Unix seconds of ${deprecated}, 00:00 UTC.`),
    Link: text('RFC 8288: `rel="deprecation"` (and `rel="sunset"`) to the page that explains the move, after any `next` and `prev`.'),
  };
  if (sunset !== null) headers.Sunset = text(`RFC 8594: ${sunset}, 00:00 UTC, as an HTTP date.`);
  return headers;
}

function operation(
  route: Route,
  version: Version,
  entry: ChangelogEntry,
  examples: ReadonlyMap<string, JsonValue | undefined>,
  sunsets: readonly string[],
): Json {
  const { contract } = route;
  const versioned = route.unversioned !== true;
  const body = contract.body;
  const schema: Json =
    body.kind === 'fixed'
      ? ref(body.name)
      : body.kind === 'record'
        ? ref(body.resource.name)
        : { type: 'array', items: ref(body.resource.name), maxItems: MAX_LIMIT };
  const example = body.kind === 'fixed' ? undefined : examples.get(body.resource.name);
  const media: Json = { schema };
  if (example !== undefined) media.example = body.kind === 'page' ? [example] : example;
  const atVersion = versioned ? lifecycleHeaders(entry) : {};
  const okHeaders: Json = { ...COMMON_HEADERS, ...atVersion };
  if (versioned) okHeaders.ETag = ETAG;
  if (body.kind === 'page') {
    okHeaders['X-Total-Count'] = { description: 'The number of records in the whole collection.', schema: { type: 'integer', minimum: 0 } };
    okHeaders.Link = text(
      `RFC 8288 \`next\` and \`prev\` links by cursor, when there are records on that side${entry.deprecated === null || !versioned ? '' : ', then the deprecation links'}.`,
    );
  }
  const contentType = versioned ? `application/json; version=${version.toString()}` : 'application/json';
  const responses: Json = {
    200: { description: 'OK.', headers: okHeaders, content: { [contentType]: media } },
    301: errorResponse('The path without its trailing slash: moved to the path with it.', {
      Location: text('The path with its slash, and the query.'),
    }),
    400: errorResponse(badRequest(contract)),
  };
  if (versioned) {
    responses[304] = {
      description: 'Not modified: If-None-Match names the current ETag. No body; the headers are those the 200 would have.',
      headers: okHeaders,
    };
  }
  if (body.kind === 'record') responses[404] = errorResponse('No record has this id (an id is a whole number from 1).', atVersion);
  responses[405] = errorResponse(`A method other than ${ALLOWED_METHODS}.`, { Allow: text(`Always \`${ALLOWED_METHODS}\`.`) });
  if (versioned) responses[406] = errorResponse('The version asked for is malformed or not supported, or Accept allows no JSON.');
  if (versioned && sunsets.length > 0) responses[410] = errorResponse(`The version asked for is retired: ${sunsets.join('; ')}.`);
  if (body.kind !== 'fixed') {
    responses[503] = errorResponse('The storage does not answer; retry later.', {
      ...atVersion,
      'Retry-After': { description: `Seconds to wait: ${RETRY_AFTER_SECONDS}.`, schema: { type: 'integer' } },
    });
  }
  responses[500] = errorResponse('A fault of the service; the body says nothing of it.', atVersion);
  const operation: Json = { operationId: contract.operationId, summary: contract.summary, tags: [contract.tag], responses };
  if (versioned && entry.deprecated !== null) operation.deprecated = true;
  const parameters = parametersOf(route.pattern, body.kind);
  if (versioned) parameters.push(IF_NONE_MATCH);
  if (parameters.length > 0) operation.parameters = parameters;
  return operation;
}

function badRequest(contract: RouteContract): string {
  const page = contract.body.kind === 'page' ? 'a bad or repeated page parameter, `offset` with a cursor, both cursors, ' : '';
  return `A request that cannot be read: ${page}a missing or doubled Host, an Accept or query string over its limits.`;
}

function errorResponse(description: string, headers: Json = {}): Json {
  return { description, headers: { ...COMMON_HEADERS, ...headers }, content: { 'application/json': { schema: ref('Error') } } };
}

function parametersOf(pattern: string, kind: string): Json[] {
  const parameters: Json[] = [...pattern.matchAll(/:(\w+)/g)].map(([, name]) => ({
    name: name as string,
    in: 'path',
    required: true,
    description: 'A record id; anything else finds no record (404).',
    schema: RECORD_ID_SCHEMA,
  }));
  if (kind !== 'page') return parameters;
  const query = (name: string, description: string, schema: Json): Json => ({ name, in: 'query', required: false, description, schema });
  return [
    ...parameters,
    query('limit', 'Records on the page.', { type: 'integer', minimum: 1, maximum: MAX_LIMIT, default: DEFAULT_LIMIT }),
    query('offset', 'Records skipped before the page; not with a cursor.', { type: 'integer', minimum: 0, default: 0 }),
    query('starting_after', 'The page just after this id (Stripe cursor); not with offset or ending_before.', RECORD_ID_SCHEMA),
    query('ending_before', 'The page just before this id (Stripe cursor); not with offset or starting_after.', RECORD_ID_SCHEMA),
  ];
}

function ref(name: string): Json {
  return { $ref: `#/components/schemas/${name}` };
}
