import type { JsonSchema } from '../../../domain/versioning/json-schema.js';
import { MAX_BODY_DEPTH, MAX_RECORD_BODY_BYTES } from '../request/json-body.js';
import type { RouteContract } from '../routing/route-contract.js';
import type { DeclaredContract, OperationRoute } from '../routing/operation-route.js';
import { authorizationRefusals, securityOf } from './api-key-security.js';
import { apiVersionParameter, IF_NONE_MATCH } from './parameters.js';
import type { OperationContext } from './read-operation.js';
import { withRefusals } from './refusal-responses.js';
import { always, COMMON_HEADERS, errorResponse, lifecycleHeaders, methodNotAllowed, SERVER_FAULT, type Json } from './response-objects.js';
import { named } from './component-names.js';

const ANYONE = { keyRequired: false } as Pick<RouteContract, 'keyRequired'> as RouteContract;

/**
 * One operation of the team's own at its document's version: its typed parameters, the body it takes, each status
 * it declares with its schema in the newest shape (its record types are the components, at this version), and the
 * refusals the layer answers around it.
 */
export function operationObject(
  route: OperationRoute,
  { method, contract }: { readonly method: string; readonly contract: DeclaredContract },
  { version, entry, gone, served }: OperationContext,
): Json {
  const atVersion = lifecycleHeaders(entry, true);
  const mayBeAtVersion = lifecycleHeaders(entry, false);
  const contentType = `application/json; version=${version.toString()}`;
  const okHeaders: Json = { ...COMMON_HEADERS, ...atVersion };
  if (method === 'GET') {
    okHeaders.ETag = named('ETag.operation', always('RFC 9110 entity tag of this representation: it differs per version and changes with the body.'));
  }
  const responses: Json = {};
  for (const [status, answer] of Object.entries(contract.responses)) {
    if (Number(status) >= 400) responses[status] = errorResponse(`${answer as string}.`, atVersion);
    else if (typeof answer === 'string') responses[status] = { description: answer, headers: okHeaders };
    else responses[status] = { description: 'OK.', headers: okHeaders, content: { [contentType]: { schema: answer } } };
  }
  const parameterNames = Object.keys(contract.params);
  responses[400] ??= errorResponse(
    'A request that cannot be read: a missing or doubled Host, an Accept over its limits, Accept and Api-Version naming different versions, ' +
      `an unknown or repeated query parameter${parameterNames.length + Object.keys(contract.query).length === 0 ? '' : ', a parameter that does not fit its schema'}.`,
    mayBeAtVersion,
  );
  responses[404] ??= errorResponse('Not at this version (the operation is served at others), or no such path.', atVersion);
  responses[405] = methodNotAllowed(route);
  responses[406] = errorResponse('The version asked for (in Accept or Api-Version) is malformed or not supported, or Accept allows no JSON.');
  if (gone !== undefined) responses[410] = gone;
  responses[500] = errorResponse(SERVER_FAULT, mayBeAtVersion);
  if (method === 'GET') {
    responses[304] = { description: 'Not modified: If-None-Match names the current ETag. No body.', headers: okHeaders };
  }
  const parameters: Json[] = [
    ...parameterNames.map((name) => ({ name, in: 'path', required: true, schema: contract.params[name] as Json })),
    ...Object.entries(contract.query).map(([name, schema]) => queryParameter(name, schema)),
    apiVersionParameter(version),
  ];
  if (method === 'GET') parameters.push(IF_NONE_MATCH);
  const object: Json = {
    operationId: contract.operationId,
    summary: contract.summary,
    description: [
      `${contract.summary}.`,
      contract.description,
      served,
      contract.body === undefined
        ? undefined
        : `The body is read in ${version.toString()}'s shape, upgraded to the newest and checked again; a \`readOnly\` field is refused.`,
    ]
      .filter((part) => part !== undefined)
      .join(' '),
    tags: [contract.tag],
    security: securityOf(ANYONE),
    parameters,
    responses: withRefusals(responses, [...authorizationRefusals(ANYONE), ...(contract.body === undefined ? [] : bodyRefusals(method))]),
  };
  if (contract.body !== undefined) {
    const types = method === 'PATCH' ? ['application/merge-patch+json', 'application/json'] : ['application/json'];
    object.requestBody = {
      description: `JSON, at most ${MAX_RECORD_BODY_BYTES} bytes.`,
      required: true,
      content: Object.fromEntries(types.map((type) => [type, { schema: contract.body as Json }])),
    };
  }
  if (entry.deprecated !== null) object.deprecated = true;
  return object;
}

function queryParameter(name: string, schema: JsonSchema): Json {
  const parameter: Json = { name, in: 'query', required: false, schema: schema };
  if (schema.type === 'array') parameter.explode = true;
  return parameter;
}

function bodyRefusals(method: string): { code: string; when: string }[] {
  const types = method === 'PATCH' ? '`application/merge-patch+json` or `application/json`' : '`application/json`';
  return [
    { code: 'unsupported_media_type', when: `The body is not declared ${types}` },
    { code: 'body_too_large', when: `The body is over ${MAX_RECORD_BODY_BYTES} bytes: refused before the rest is read` },
    { code: 'malformed_body', when: `The body is not JSON in UTF-8, or nests deeper than ${MAX_BODY_DEPTH} levels` },
    { code: 'invalid_body', when: 'The body does not fit the version’s schema, or the newest once upgraded' },
  ];
}
