import type { RecordDescription } from '../../../application/use-cases/describe-records.js';
import type { ChangelogEntry } from '../../../domain/versioning/changelog-entry.js';
import type { Version } from '../../../domain/versioning/version.js';
import { isOperationRoute, type ApiRoute } from '../routing/route.js';
import type { OperationContract } from '../routing/operation-route.js';
import { fieldRefOf, refPositions } from '../../../domain/versioning/record-refs.js';
import type { ApiInfo } from './api-info.js';
import type { OpenApiDocument } from './api-contracts.js';
import { SECURITY_SCHEMES } from './api-key-security.js';
import { optionsOperation } from './options-operation.js';
import { putOperation } from './put-operation.js';
import { readOperation } from './read-operation.js';
import { pathOperation } from './path-operation.js';
import { always, errorResponse, lifecycleHeaders, type Json } from './response-objects.js';
import { ERROR_SCHEMA } from '../request/refusals.js';
import { withSharedComponents } from './shared-components.js';
import { named } from './component-names.js';

/** What one version's document is made from: the version, its changelog entry, the routes and the record types at it. */
export interface DocumentSource {
  readonly version: Version;
  readonly entry: ChangelogEntry;
  readonly routes: readonly ApiRoute[];
  readonly records: readonly RecordDescription[];
  /** The sunsets the history declares, by version: a request selecting a retired one is answered 410, whatever the document. */
  readonly sunsets: readonly string[];
  /** The brownouts the history declares, by version: a request selecting a version in one is answered 410 too. */
  readonly brownouts: readonly string[];
  /** Every supported version, oldest first: an operation's description says at which of them it is served. */
  readonly versions: readonly Version[];
  /** What the documents call the API. */
  readonly info: ApiInfo;
  /** Where a client reads and moves its pin; undefined when the clients' routes are left out. */
  readonly clients: PinPaths | undefined;
}

/** Where a client reads its pin (`GET /client/`) and moves it (`PUT /client/version`). */
export interface PinPaths {
  readonly state: string;
  readonly version: string;
}

/** What each of the service's own tags groups, for the documents' readers (an API's info says what its collections' do). */
const TAG_DESCRIPTIONS: Readonly<Record<string, string>> = {
  Versions: 'The versions the service serves and what each changed.',
  Contract: "Each version's OpenAPI document, this one among them.",
  Health: 'Whether the service and its storage answer, for load balancers and monitors.',
  Client: "A client's own pinned version, read and changed with its API key.",
};

/** Where the paths are: on the host that served the document. */
const SERVERS = serversAt('');

/** A document's `servers` when the API is mounted at `base` ('' at the root): its paths are below it, on the host that sent it. */
export function serversAt(base: string): readonly { readonly url: string; readonly description: string }[] {
  return [{ url: base === '' ? '/' : base, description: 'This service: the paths are relative to the host and port that sent this document.' }];
}

/** A version's document as served to an API mounted at `base`: the same, its `servers` the base ('' at the root: the document itself). */
export function documentAt(document: OpenApiDocument, base: string): OpenApiDocument {
  return base === '' ? document : { ...document, servers: serversAt(base) };
}

/**
 * The OpenAPI 3.1 document of one version: the operations that exist at it (their windows, R1 to R6), each with
 * its parameters, the schema of every status it can answer and its headers, and the records' schemas at the version.
 */
export function openApiDocument({
  version,
  entry,
  routes,
  records,
  sunsets,
  brownouts,
  versions,
  info: api,
  clients,
}: DocumentSource): OpenApiDocument {
  const gone = goneResponse(sunsets, brownouts);
  // Not `Error`: generated TypeScript would shadow the global Error with it.
  const schemas: Json = { ErrorBody: ERROR_SCHEMA };
  // Only the record types an operation at this version answers with (the layer's own routes answer none): a collection
  // not served here has no schema in it.
  const served = new Set(
    routes.flatMap((route) =>
      isOperationRoute(route)
        ? [...route.operations.values()].flatMap(({ contract }) => (contract.availableAt(version) ? typesNamedIn(contract) : []))
        : [],
    ),
  );
  // A record type nested in a served one is served too, as the version's schemas nest it.
  const byName = new Map(records.map((record) => [record.key.name, record]));
  for (const name of served) for (const { name: inner } of refPositions((byName.get(name) as RecordDescription).schema)) served.add(inner);
  for (const record of records) if (served.has(record.key.name)) schemas[record.key.name] = record.schema;
  const examples = new Map(records.map((record) => [record.key.name, record.example]));
  const paths: Json = {};
  const windows: string[] = [];
  for (const route of routes) {
    const { contract } = route;
    const path = route.pattern.replace(/:(\w+)/g, '{$1}');
    const servedAt = versions.filter((candidate) => contract.availableAt?.(candidate) ?? true);
    if (servedAt.length < versions.length || contract.ends === true) windows.push(`- \`${path}\`: ${servedText(servedAt, contract.ends === true)}`);
    if (contract.availableAt !== undefined && !contract.availableAt(version)) continue;
    const options = optionsOperation(route, path, servedAt);
    if (isOperationRoute(route)) {
      const operations: Json = {};
      for (const operation of route.operations.values()) {
        const at = operation.contract;
        if (!at.availableAt(version)) continue;
        const served = servedText(
          versions.filter((candidate) => at.availableAt(candidate)),
          at.ends,
        );
        operations[operation.method.toLowerCase()] = pathOperation(route, operation, { version, entry, examples, gone, served }, schemas);
      }
      paths[path] = { ...operations, options };
      continue;
    }
    if (contract.body.kind === 'fixed') schemas[contract.body.name] = contract.body.schema;
    if ('method' in route) {
      schemas[route.contract.requestBody.name] = route.contract.requestBody.schema;
      paths[path] = { put: putOperation(route, version), options };
    } else {
      const served = servedText(servedAt, contract.ends === true);
      paths[path] = { get: readOperation(route, route.contract, { version, entry, examples, gone, served }), options };
    }
  }
  const info: Json = {
    title: api.title,
    version: version.toString(),
    summary: `${api.name} as version ${version.toString()} serves it${entry.deprecated === null ? '' : ', deprecated'}.`,
    description: infoDescription(version, entry, windows, clients),
  };
  if (entry.deprecated !== null) info['x-deprecated'] = entry.deprecated;
  const unknownPath: Json = {
    301: errorResponse('A path without its trailing slash whose slash form exists: moved there.', {
      Location: always('The path with its slash, and the query.'),
    }),
    400: errorResponse(
      'A request that cannot be read: a missing or doubled Host, an Accept or query string over its limits, Accept and Api-Version naming different versions.',
    ),
    404: errorResponse('No such path, or not at this version (its operations are served at other versions).', lifecycleHeaders(entry, false)),
    406: errorResponse('The version asked for (in Accept or Api-Version) is malformed or not supported, or Accept allows no JSON.'),
  };
  if (gone !== undefined) unknownPath[410] = gone;
  if (entry.sunset !== null) info['x-sunset'] = entry.sunset;
  if (entry.brownouts.length > 0) info['x-brownouts'] = entry.brownouts.map(({ start, end }) => ({ start, end }));
  return withSharedComponents({
    openapi: '3.1.0',
    info,
    servers: SERVERS,
    tags: [...new Set(routes.map((route) => route.contract.tag))].map((name) => ({ name, description: api.tags[name] ?? TAG_DESCRIPTIONS[name] })),
    paths,
    // What a path this document does not list answers: no OpenAPI object covers "any other path".
    'x-unknown-path-responses': unknownPath,
    components: { schemas, securitySchemes: SECURITY_SCHEMES },
  });
}

/** The record types an operation's schemas name by `$ref`, where they stand (a type nested in them is found from its schema). */
function typesNamedIn(contract: OperationContract): string[] {
  if (contract.kind !== 'declared') return [...contract.recordTypes];
  const { params, query, body, responses } = contract;
  const schemas = [...Object.values(params), ...Object.values(query), ...(body === undefined ? [] : [body]), ...Object.values(responses)];
  return schemas.flatMap((schema) =>
    typeof schema === 'string' ? [] : [...refPositions(schema).map(({ name }) => name), ...[fieldRefOf(schema)?.name ?? []].flat()],
  );
}

function infoDescription(version: Version, entry: ChangelogEntry, windows: readonly string[], clients: PinPaths | undefined): string {
  const changes = [...entry.notes, ...entry.models].map((line) => `- ${line}`).join('\n');
  return (
    lifecycleText(version, entry) +
    `Send \`Accept: application/json; version=${version.toString()}\` or \`Api-Version: ${version.toString()}\` (the header each ` +
    'versioned operation declares, which a generated client sends) to be served this version; every response names the ' +
    `version it was served at in its \`Content-Type\`. A response with no version in its \`Content-Type\` was refused before ` +
    `a version was chosen. HEAD answers as GET does, without the body. A client's request (with its API key, ` +
    '`Authorization: Bearer <key>`) that names no version is served at its pinned version' +
    (clients === undefined ? '.' : `, which \`GET ${clients.state}\` shows and \`PUT ${clients.version}\` moves.`) +
    `\n\n## What ${version.toString()} changed\n\n${changes}` +
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

/** The 410 a request selecting a version past its sunset or in a brownout (by Accept or a client's pin) gets; undefined when the history declares neither. */
function goneResponse(sunsets: readonly string[], brownouts: readonly string[]): Json | undefined {
  if (sunsets.length === 0 && brownouts.length === 0) return undefined;
  const why = [sunsets.length === 0 ? '' : `retired: ${sunsets.join('; ')}`, brownouts.length === 0 ? '' : `in a brownout: ${brownouts.join('; ')}`];
  const description = `The version asked for, or a client's pin, is ${why.filter(Boolean).join('; or ')}.`;
  if (brownouts.length === 0) return errorResponse(description);
  return errorResponse(description, {
    'Retry-After': named('Retry-After.brownout', {
      description: "In a brownout: the seconds to the window's end.",
      schema: { type: 'integer', minimum: 1 },
    }),
  });
}

/** At which versions an operation is served, in plain words, under the REMOVED_IN reading in force. */
function servedText(servedAt: readonly Version[], ends: boolean): string {
  const list = servedAt.map((served) => served.toString());
  if (ends)
    return `Served at ${list.join(', ')} only: last served at ${list.at(-1) as string}, removed after it. At any other version the path answers 404.`;
  return `Served from ${list[0] as string} on (${list.join(', ')}); at an older version the path answers 404.`;
}
