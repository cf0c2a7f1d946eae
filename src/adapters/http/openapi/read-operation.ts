import type { ChangelogEntry } from '../../../domain/versioning/changelog-entry.js';
import type { JsonValue } from '../../../domain/versioning/representation.js';
import type { Version } from '../../../domain/versioning/version.js';
import type { OperationRoute } from '../routing/operation-route.js';
import type { Route } from '../routing/route.js';
import type { RouteContract } from '../routing/route-contract.js';
import { acceptedText } from '../routing/reads-query.js';
import { authorizationRefusals, callerText, securityOf } from './api-key-security.js';
import { apiVersionParameter, IF_NONE_MATCH, pageParameters, pathParameters } from './parameters.js';
import { contractRefusals, withRefusals } from './refusal-responses.js';
import {
  always,
  bodySchema,
  COMMON_HEADERS,
  errorResponse,
  lifecycleHeaders,
  methodNotAllowed,
  ownHeaders,
  SERVER_FAULT,
  text,
  unavailable,
  type Json,
} from './response-objects.js';
import { named } from './component-names.js';

/** What an operation's description and responses say of the version its document is of. */
export interface OperationContext {
  readonly version: Version;
  readonly entry: ChangelogEntry;
  /** Each record type's example, by name, in the version's shape. */
  readonly examples: ReadonlyMap<string, JsonValue | undefined>;
  /** The 410 of a version past its sunset or in a brownout; undefined when the history declares neither. */
  readonly gone: Json | undefined;
  /** At which versions the operation is served, in plain words. */
  readonly served: string;
}

const ETAG: Json = always(
  'RFC 9110 entity tag of this representation: it differs per version and changes with the body or the headers describing it.',
);

/**
 * GET (and HEAD) on a route of the layer's own, or a collection's read on its path (`contract`): its parameters, who
 * may call it, and the schema and headers of every status it can answer.
 */
export function readOperation(
  route: Route | OperationRoute,
  contract: RouteContract,
  { version, entry, examples, gone, served }: OperationContext,
): Json {
  const versioned = route.unversioned !== true;
  const body = contract.body;
  const example = body.kind === 'fixed' ? undefined : examples.get(body.recordType.name);
  const media: Json = { schema: bodySchema(body) };
  if (example !== undefined) media.example = body.kind === 'page' ? [example] : example;
  const atVersion = versioned ? lifecycleHeaders(entry, true) : {};
  const mayBeAtVersion = versioned ? lifecycleHeaders(entry, false) : {};
  const own = ownHeaders(contract);
  const okHeaders: Json = { ...COMMON_HEADERS, ...atVersion, ...own };
  if (versioned) okHeaders.ETag = ETAG;
  if (body.kind === 'page') {
    okHeaders['X-Total-Count'] = {
      description: 'The number of records in the whole collection.',
      required: true,
      schema: { type: 'integer', minimum: 0 },
    };
    okHeaders.Link = named(
      'Link.paging',
      (entry.deprecated === null || !versioned ? text : always)(
        `RFC 8288 \`next\` and \`prev\` links by cursor, when there are records on that side${entry.deprecated === null || !versioned ? '' : ', then the deprecation links'}.`,
      ),
    );
  }
  const contentType = contract.mediaType ?? (versioned ? `application/json; version=${version.toString()}` : 'application/json');
  const responses: Json = {
    200: { description: 'OK.', headers: okHeaders, content: { [contentType]: media } },
    301: errorResponse('The path without its trailing slash: moved to the path with it.', {
      Location: always('The path with its slash, and the query.'),
    }),
    400: errorResponse(badRequest(route, contract, versioned), mayBeAtVersion),
  };
  if (versioned) {
    responses[304] = {
      description: 'Not modified: If-None-Match names the current ETag. No body; the headers are those the 200 would have.',
      headers: okHeaders,
    };
  }
  if (body.kind === 'record') responses[404] = errorResponse('No record has this id (an id is a whole number from 1).', atVersion);
  responses[405] = methodNotAllowed(route);
  if (versioned)
    responses[406] = errorResponse('The version asked for (in Accept or Api-Version) is malformed or not supported, or Accept allows no JSON.');
  if (versioned && gone !== undefined) responses[410] = gone;
  if (body.kind !== 'fixed' || contract.mayBeUnavailable === true) responses[503] = unavailable({ ...atVersion, ...own });
  responses[500] = errorResponse(SERVER_FAULT, mayBeAtVersion);
  const description = `${contract.summary}. ${versioned ? served : 'Outside API versioning: it answers whatever version `Accept` names, and names none.'}${callerText(contract)}`;
  const operation: Json = {
    operationId: contract.operationId,
    summary: contract.summary,
    description,
    tags: [contract.tag],
    security: securityOf(contract),
    responses: withRefusals(responses, [...authorizationRefusals(contract), ...contractRefusals(contract)]),
  };
  if (versioned && entry.deprecated !== null) operation.deprecated = true;
  const parameters = pathParameters(route.pattern);
  if (body.kind === 'page') parameters.push(...pageParameters());
  if (contract.query !== undefined) parameters.push(...contract.query);
  if (versioned) parameters.push(apiVersionParameter(version), IF_NONE_MATCH);
  if (parameters.length > 0) operation.parameters = parameters;
  return operation;
}

function badRequest(route: Route | OperationRoute, contract: RouteContract, versioned: boolean): string {
  const page = contract.body.kind === 'page' ? 'a bad or repeated page parameter, `offset` with a cursor, both cursors, ' : '';
  const versions = versioned ? ', Accept and Api-Version naming different versions' : '';
  return `A request that cannot be read: ${page}a missing or doubled Host, an Accept or query string over its limits${versions}, an unknown query parameter (${acceptedText(route)}).`;
}
