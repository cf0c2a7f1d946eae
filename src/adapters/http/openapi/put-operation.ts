import { acceptedText } from '../routing/reads-query.js';
import type { Version } from '../../../domain/versioning/version.js';
import { MAX_BODY_BYTES } from '../request/json-body.js';
import type { PutRoute } from '../routing/route.js';
import { authorizationRefusals, callerText, securityOf } from './api-key-security.js';
import { contractRefusals, withRefusals, type DocumentedRefusal } from './refusal-responses.js';
import {
  bodySchema,
  COMMON_HEADERS,
  errorResponse,
  methodNotAllowed,
  ownHeaders,
  ref,
  SERVER_FAULT,
  unavailable,
  type Json,
} from './response-objects.js';

/** What reading a JSON body refuses, on every operation that takes one. */
const BODY_REFUSALS: readonly DocumentedRefusal[] = [
  { code: 'unsupported_media_type', when: 'The body is not declared JSON: send `Content-Type: application/json`' },
  {
    code: 'body_too_large',
    when: `The body is over ${MAX_BODY_BYTES} bytes: refused before the rest is read, and the connection is closed after the answer`,
  },
  { code: 'malformed_body', when: 'The body is not JSON in UTF-8, or not the JSON this operation takes' },
];

/** PUT on a route: the JSON body it takes, who may call it, and the schema and headers of every status it can answer. */
export function putOperation(route: PutRoute, version: Version): Json {
  const { contract } = route;
  const media: Json = { schema: ref(contract.requestBody.name) };
  const example = contract.requestBody.example?.(version);
  if (example !== undefined) media.example = example;
  const own = ownHeaders(contract);
  const responses: Json = {
    200: { description: 'OK.', headers: { ...COMMON_HEADERS, ...own }, content: { 'application/json': { schema: bodySchema(contract.body) } } },
    400: errorResponse(`A request that cannot be read: a missing or doubled Host, an unknown query parameter (${acceptedText(route)}).`),
    405: methodNotAllowed(route),
    500: errorResponse(SERVER_FAULT),
  };
  if (contract.mayBeUnavailable === true) responses[503] = unavailable(own);
  return {
    operationId: contract.operationId,
    summary: contract.summary,
    description: `${contract.summary}. Outside API versioning: it answers whatever version \`Accept\` names, and names none.${callerText(contract)}`,
    tags: [contract.tag],
    security: securityOf(contract),
    requestBody: {
      description: `JSON, at most ${MAX_BODY_BYTES} bytes.`,
      required: true,
      content: { 'application/json': media },
    },
    responses: withRefusals(responses, [...authorizationRefusals(contract), ...BODY_REFUSALS, ...contractRefusals(contract)]),
  };
}
