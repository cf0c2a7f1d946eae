import type { RecordDescription } from '../../../application/use-cases/describe-records.js';
import { DEFAULT_LIMIT, MAX_LIMIT } from '../../../application/paging/page-request.js';
import { RECORD_ID_SCHEMA } from '../../../domain/api-history/heads/record-schemas.js';
import type { ChangelogEntry } from '../../../domain/versioning/changelog-entry.js';
import type { JsonValue } from '../../../domain/versioning/representation.js';
import type { Version } from '../../../domain/versioning/version.js';
import { EXPOSED_HEADERS } from '../caching/cors-policy.js';
import { ERROR_SCHEMA, RETRY_AFTER_SECONDS } from '../response/error-responses.js';
import { ALLOWED_METHODS, type Route, type RouteContract } from '../routing/route.js';
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
  /** The brownouts the history declares, by version: a request selecting a version in one is answered 410 too. */
  readonly brownouts: readonly string[];
  /** Every supported version, oldest first: an operation's description says at which of them it is served. */
  readonly versions: readonly Version[];
}

/** A header sent only in some cases; `always` declares one every such response carries (`required`). */
const text = (description: string): Json => ({ description, schema: { type: 'string' } });
const always = (description: string): Json => ({ ...text(description), required: true });
const COMMON_HEADERS: Json = {
  Vary: always('`Accept`: the version is chosen by it; `Accept, Origin` when CORS_ORIGINS lists origins.'),
  'X-Content-Type-Options': always('Always `nosniff`: a body is never to be read as another media type than its `Content-Type`.'),
  'Cache-Control': always('`no-store` on errors; on a 200 or 304 with an ETag, `no-cache`, or `public, max-age=N` when the service sets one.'),
  'Access-Control-Allow-Origin': text(
    'CORS: `*` with the default CORS_ORIGINS, on every response; with a list of origins, the request `Origin` when listed, else absent.',
  ),
  'Access-Control-Expose-Headers': text(`CORS, with Access-Control-Allow-Origin: the headers a script may read, \`${EXPOSED_HEADERS}\`.`),
};
const ALLOW = always(`Always \`${ALLOWED_METHODS}\`.`);
const ETAG: Json = always(
  'RFC 9110 entity tag of this representation: it differs per version and changes with the body or the headers describing it.',
);
const IF_NONE_MATCH: Json = {
  name: 'If-None-Match',
  in: 'header',
  required: false,
  description: 'Entity tags already held (or `*`): when one is the current ETag, the answer is 304 with no body.',
  schema: { type: 'string' },
};
/** What each tag groups, for the documents' readers. */
const TAG_DESCRIPTIONS: Readonly<Record<string, string>> = {
  Versions: 'The versions the service serves and what each changed.',
  Dogs: 'The dog records.',
  Cats: 'The cat records.',
  Contract: "Each version's OpenAPI document, this one among them.",
  Health: 'Whether the service and its storage answer, for load balancers and monitors.',
};

/** Where the paths are: on the host that served the document. */
const SERVERS = [{ url: '/', description: 'This service: the paths are relative to the host and port that sent this document.' }];

/**
 * The OpenAPI 3.1 document of one version: the operations that exist at it (their windows, R1 to R6), each with
 * its parameters, the schema of every status it can answer and its headers, and the records' schemas at the version.
 */
export function openApiDocument({ version, entry, routes, records, sunsets, brownouts, versions }: DocumentSource): OpenApiDocument {
  const gone = goneResponse(sunsets, brownouts);
  const schemas: Json = { Error: ERROR_SCHEMA };
  for (const record of records) schemas[record.key.name] = record.schema;
  const examples = new Map(records.map((record) => [record.key.name, record.example]));
  const paths: Json = {};
  const windows: string[] = [];
  for (const route of routes) {
    const { contract } = route;
    const path = route.pattern.replace(/:(\w+)/g, '{$1}');
    const servedAt = versions.filter((candidate) => contract.availableAt?.(candidate) ?? true);
    if (servedAt.length < versions.length || contract.ends === true) windows.push(`- \`${path}\`: ${servedText(servedAt, contract.ends === true)}`);
    if (contract.availableAt !== undefined && !contract.availableAt(version)) continue;
    if (contract.body.kind === 'fixed') schemas[contract.body.name] = contract.body.schema;
    paths[path] = {
      get: operation(route, version, entry, examples, gone, servedText(servedAt, contract.ends === true)),
      options: optionsOperation(route, path, servedAt),
    };
  }
  const info: Json = {
    title: 'Version-aware API',
    version: version.toString(),
    summary: `The dogs and cats API as version ${version.toString()} serves it${entry.deprecated === null ? '' : ', deprecated'}.`,
    description: infoDescription(version, entry, windows),
  };
  if (entry.deprecated !== null) info['x-deprecated'] = entry.deprecated;
  const unknownPath: Json = {
    301: errorResponse('A path without its trailing slash whose slash form exists: moved there.', {
      Location: always('The path with its slash, and the query.'),
    }),
    400: errorResponse('A request that cannot be read: a missing or doubled Host, an Accept or query string over its limits.'),
    404: errorResponse('No such path, or not at this version (its operations are served at other versions).', lifecycleHeaders(entry, false)),
    406: errorResponse('The version asked for is malformed or not supported, or Accept allows no JSON.'),
  };
  if (gone !== undefined) unknownPath[410] = gone;
  if (entry.sunset !== null) info['x-sunset'] = entry.sunset;
  if (entry.brownouts.length > 0) info['x-brownouts'] = entry.brownouts.map(({ start, end }) => ({ start, end }));
  return {
    openapi: '3.1.0',
    info,
    servers: SERVERS,
    tags: [...new Set(routes.map((route) => route.contract.tag))].map((name) => ({ name, description: TAG_DESCRIPTIONS[name] })),
    paths,
    // What a path this document does not list answers: no OpenAPI object covers "any other path".
    'x-unknown-path-responses': unknownPath,
    components: { schemas },
  };
}

function infoDescription(version: Version, entry: ChangelogEntry, windows: readonly string[]): string {
  const changes = [...entry.notes, ...entry.models].map((line) => `- ${line}`).join('\n');
  return (
    lifecycleText(version, entry) +
    `Send \`Accept: application/json; version=${version.toString()}\` to be served this version; every response names the ` +
    `version it was served at in its \`Content-Type\`. A response with no version in its \`Content-Type\` was refused before ` +
    `a version was chosen. HEAD answers as GET does, without the body.\n\n## What ${version.toString()} changed\n\n${changes}` +
    (windows.length === 0
      ? ''
      : '\n\n## Paths served at some versions only\n\nA removed path is named with the last version that serves it; OPTIONS on a path ' +
        `names its versions in \`api-supported-versions\` and \`api-deprecated-versions\`.\n\n${windows.join('\n')}`)
  );
}

function lifecycleText(version: Version, { deprecated, sunset, brownouts }: ChangelogEntry): string {
  if (deprecated === null) return '';
  const end = sunset === null ? 'No sunset is set yet.' : `From ${sunset} (UTC) on it is retired: every request selecting it gets 410 Gone.`;
  const windows =
    brownouts.length === 0
      ? ''
      : ` In its brownouts every request selecting it already gets 410 Gone, with \`Retry-After\` (the seconds to the end): ${brownouts.map(({ start, end: until }) => `${start} to ${until}`).join(', ')}.`;
  return `**Deprecated since ${deprecated}**: move to a newer version. ${end}${windows} Every response served at ${version.toString()} says so in its \`Deprecation\`${sunset === null ? '' : ', `Sunset`'} and \`Link\` headers.\n\n`;
}

/** The 410 a request selecting a version past its sunset or in a brownout gets; undefined when the history declares neither. */
function goneResponse(sunsets: readonly string[], brownouts: readonly string[]): Json | undefined {
  if (sunsets.length === 0 && brownouts.length === 0) return undefined;
  const why = [sunsets.length === 0 ? '' : `retired: ${sunsets.join('; ')}`, brownouts.length === 0 ? '' : `in a brownout: ${brownouts.join('; ')}`];
  const description = `The version asked for is ${why.filter(Boolean).join('; or ')}.`;
  if (brownouts.length === 0) return errorResponse(description);
  return errorResponse(description, {
    'Retry-After': { description: "In a brownout: the seconds to the window's end.", schema: { type: 'integer', minimum: 1 } },
  });
}

/**
 * The Deprecation, Sunset and Link headers every response served at a deprecated version carries; `required` where
 * the version is always chosen before such a response (not on a 400 or 500, which may come before it is).
 */
function lifecycleHeaders({ deprecated, sunset }: ChangelogEntry, required: boolean): Json {
  if (deprecated === null) return {};
  const header = required ? always : text;
  const headers: Json = {
    Deprecation: header(`RFC 9745: \`@\` and the Unix seconds of ${deprecated}, 00:00 UTC.`),
    Link: header('RFC 8288: `rel="deprecation"` (and `rel="sunset"`) to the page that explains the move, after any `next` and `prev`.'),
  };
  if (sunset !== null) headers.Sunset = header(`RFC 8594: ${sunset}, 00:00 UTC, as an HTTP date.`);
  return headers;
}

/** At which versions an operation is served, in plain words, under the REMOVED_IN reading in force. */
function servedText(servedAt: readonly Version[], ends: boolean): string {
  const list = servedAt.map((served) => served.toString());
  if (ends)
    return `Served at ${list.join(', ')} only: last served at ${list.at(-1) as string}, removed after it. At any other version the path answers 404.`;
  return `Served from ${list[0] as string} on (${list.join(', ')}); at an older version the path answers 404.`;
}

/** OPTIONS on one path: the methods it allows and, per path, the versions at which its operations exist. */
function optionsOperation(route: Route, path: string, servedAt: readonly Version[]): Json {
  const versioned = route.unversioned !== true;
  const versionsHeader = (which: string): Json =>
    text(
      versioned
        ? `The ${which} versions at which \`${path}\` is served (of ${servedAt.map((served) => served.toString()).join(', ')}), oldest first, comma-separated; absent when there is none.`
        : `Every ${which} version, oldest first, comma-separated (this path answers at any version); absent when there is none.`,
    );
  const operation: Json = {
    operationId: `${route.contract.operationId}Options`,
    summary: `Methods and versions of ${path}`,
    description:
      `The methods \`${path}\` allows (\`Allow\`) and the versions at which it is served, as ASP.NET API Versioning ` +
      'advertises them: not deprecated (`api-supported-versions`) and deprecated (`api-deprecated-versions`). Answered at once, ' +
      'whatever `Accept` says.',
    tags: [route.contract.tag],
    responses: {
      204: {
        description: 'No body.',
        headers: {
          ...COMMON_HEADERS,
          Allow: ALLOW,
          'api-supported-versions': versionsHeader('supported (not deprecated)'),
          'api-deprecated-versions': versionsHeader('deprecated'),
        },
      },
      400: errorResponse('A request that cannot be read: a missing or doubled Host.'),
      500: errorResponse('A fault of the service; the body says nothing of it.'),
    },
  };
  const parameters = parametersOf(route.pattern, 'fixed');
  if (parameters.length > 0) operation.parameters = parameters;
  return operation;
}

function operation(
  route: Route,
  version: Version,
  entry: ChangelogEntry,
  examples: ReadonlyMap<string, JsonValue | undefined>,
  gone: Json | undefined,
  served: string,
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
  const atVersion = versioned ? lifecycleHeaders(entry, true) : {};
  const mayBeAtVersion = versioned ? lifecycleHeaders(entry, false) : {};
  const ownHeaders: Json = Object.fromEntries(Object.entries(contract.headers ?? {}).map(([name, description]) => [name, always(description)]));
  const okHeaders: Json = { ...COMMON_HEADERS, ...atVersion, ...ownHeaders };
  if (versioned) okHeaders.ETag = ETAG;
  if (body.kind === 'page') {
    okHeaders['X-Total-Count'] = {
      description: 'The number of records in the whole collection.',
      required: true,
      schema: { type: 'integer', minimum: 0 },
    };
    okHeaders.Link = (entry.deprecated === null || !versioned ? text : always)(
      `RFC 8288 \`next\` and \`prev\` links by cursor, when there are records on that side${entry.deprecated === null || !versioned ? '' : ', then the deprecation links'}.`,
    );
  }
  const contentType = versioned ? `application/json; version=${version.toString()}` : 'application/json';
  const responses: Json = {
    200: { description: 'OK.', headers: okHeaders, content: { [contentType]: media } },
    301: errorResponse('The path without its trailing slash: moved to the path with it.', {
      Location: always('The path with its slash, and the query.'),
    }),
    400: errorResponse(badRequest(contract), mayBeAtVersion),
  };
  if (versioned) {
    responses[304] = {
      description: 'Not modified: If-None-Match names the current ETag. No body; the headers are those the 200 would have.',
      headers: okHeaders,
    };
  }
  if (body.kind === 'record') responses[404] = errorResponse('No record has this id (an id is a whole number from 1).', atVersion);
  responses[405] = errorResponse(`A method other than ${ALLOWED_METHODS}.`, { Allow: ALLOW });
  if (versioned) responses[406] = errorResponse('The version asked for is malformed or not supported, or Accept allows no JSON.');
  if (versioned && gone !== undefined) responses[410] = gone;
  if (body.kind !== 'fixed' || contract.mayBeUnavailable === true) {
    responses[503] = errorResponse('The storage does not answer; retry later.', {
      ...atVersion,
      ...ownHeaders,
      'Retry-After': { description: `Seconds to wait: ${RETRY_AFTER_SECONDS}.`, required: true, schema: { type: 'integer' } },
    });
  }
  responses[500] = errorResponse('A fault of the service; the body says nothing of it.', mayBeAtVersion);
  const description = `${contract.summary}. ${versioned ? served : 'Outside API versioning: it answers whatever version `Accept` names, and names none.'}`;
  const operation: Json = { operationId: contract.operationId, summary: contract.summary, description, tags: [contract.tag], responses };
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
    example: 1,
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
