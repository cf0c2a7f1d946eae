import { MAX_BODY_DEPTH, MAX_RECORD_BODY_BYTES } from '../request/json-body.js';
import { IDEMPOTENCY_KEY_HEADER } from '../request/idempotency-key.js';
import { IDEMPOTENCY_KEY_HOURS } from '../../../application/ports/record-writer.js';
import type { OperationRoute, ServedOperation, WriteContract } from '../routing/operation-route.js';
import type { RouteContract } from '../routing/route-contract.js';
import { authorizationRefusals, securityOf } from './api-key-security.js';
import { apiVersionParameter, pathParameters } from './parameters.js';
import { withRefusals, type DocumentedRefusal } from './refusal-responses.js';
import type { OperationContext } from './read-operation.js';
import {
  always,
  COMMON_HEADERS,
  errorResponse,
  lifecycleHeaders,
  methodNotAllowed,
  ref,
  SERVER_FAULT,
  unavailable,
  type Json,
} from './response-objects.js';
import { named } from './component-names.js';

/** A collection's write on its path: POST to its list (a create), PATCH of a record (an update). */
export type CollectionWrite = Pick<ServedOperation, 'method' | 'idempotent'> & { readonly contract: WriteContract };

/** The name of the schema of a write's body in the documents' components: `NewOrder`, `OrderPatch`. */
export function bodySchemaName(write: CollectionWrite): string {
  const record = write.contract.recordType.name;
  return write.method === 'POST' ? `New${record}` : `${record}Patch`;
}

/** What reading a record's body refuses. */
function bodyRefusals(write: CollectionWrite): DocumentedRefusal[] {
  const types = write.method === 'PATCH' ? '`application/merge-patch+json` or `application/json`' : '`application/json`';
  return [
    { code: 'unsupported_media_type', when: `The body is not declared ${types}` },
    {
      code: 'body_too_large',
      when: `The body is over ${MAX_RECORD_BODY_BYTES} bytes: refused before the rest is read, and the connection is closed after the answer`,
    },
    { code: 'malformed_body', when: `The body is not JSON in UTF-8, or nests deeper than ${MAX_BODY_DEPTH} levels` },
  ];
}

const IDEMPOTENCY_KEY: Json = {
  name: IDEMPOTENCY_KEY_HEADER,
  in: 'header',
  required: false,
  description:
    `A key of your choosing (1 to 255 visible ASCII characters) that makes a retry safe: a create sent again with the same key ` +
    `and body, within ${IDEMPOTENCY_KEY_HOURS} hours, makes no second record and is answered with the first (\`Idempotent-Replayed: true\`). ` +
    'A key is its caller’s own (a client’s, or every anonymous caller’s).',
  schema: { type: 'string', minLength: 1, maxLength: 255 },
};

/** A collection's POST or PATCH at its document's version: the body the version takes, and every status it can answer. */
export function writeOperation(route: OperationRoute, write: CollectionWrite, { version, entry, examples, gone, served }: OperationContext): Json {
  const { contract } = write;
  const atVersion = lifecycleHeaders(entry, true);
  const mayBeAtVersion = lifecycleHeaders(entry, false);
  const record: Json = { schema: ref(contract.recordType.name) };
  const example = examples.get(contract.recordType.name);
  if (example !== undefined) record.example = example;
  const okHeaders: Json = { ...COMMON_HEADERS, ...atVersion };
  if (contract.status === 201) okHeaders.Location = named('Location.created', always('The path of the record made.'));
  const contentType = `application/json; version=${version.toString()}`;
  const responses: Json = {
    [contract.status]: {
      description: contract.status === 201 ? 'Created, or made before with this Idempotency-Key (then `Idempotent-Replayed: true`).' : 'Updated.',
      headers:
        contract.status === 201
          ? {
              ...okHeaders,
              'Idempotent-Replayed': {
                description: 'Sent, `true`, when the answer is of a record an earlier request with the same key made.',
                schema: { type: 'string', const: 'true' },
              },
            }
          : okHeaders,
      content: { [contentType]: record },
    },
    400: errorResponse(
      'A request that cannot be read: a missing or doubled Host, an Accept over its limits, Accept and Api-Version naming different versions, ' +
        `an unknown query parameter (this path takes none for ${write.method})${write.idempotent === true ? `, an ${IDEMPOTENCY_KEY_HEADER} that is not one key` : ''}.`,
      mayBeAtVersion,
    ),
    404: errorResponse(write.method === 'PATCH' ? 'No record has this id (an id is a whole number from 1).' : 'Not at this version.', atVersion),
    405: methodNotAllowed(route),
    406: errorResponse('The version asked for (in Accept or Api-Version) is malformed or not supported, or Accept allows no JSON.'),
    500: errorResponse(SERVER_FAULT, mayBeAtVersion),
    503: unavailable(atVersion),
  };
  if (gone !== undefined) responses[410] = gone;
  const refusals = Object.entries(contract.refusals).map(([code, when]) => ({ code, when }));
  const caller = { keyRequired: false } as Pick<RouteContract, 'keyRequired'> as RouteContract;
  const types = write.method === 'PATCH' ? ['application/merge-patch+json', 'application/json'] : ['application/json'];
  const operation: Json = {
    operationId: contract.operationId,
    summary: contract.summary,
    description:
      `${contract.summary}. ${served} The body is read in ${version.toString()}'s shape, upgraded to the newest, checked again and stored; ` +
      `the answer is the record in ${version.toString()}'s shape.` +
      (write.method === 'PATCH'
        ? ' The body is a JSON merge patch (RFC 7396): the fields it names change, an optional one set to null is removed.'
        : ''),
    tags: [route.contract.tag],
    security: securityOf(caller),
    parameters: [...pathParameters(route.pattern), apiVersionParameter(version), ...(write.idempotent === true ? [IDEMPOTENCY_KEY] : [])],
    requestBody: {
      description: `JSON, at most ${MAX_RECORD_BODY_BYTES} bytes.`,
      required: true,
      content: Object.fromEntries(types.map((type) => [type, { schema: ref(bodySchemaName(write)) }])),
    },
    responses: withRefusals(responses, [...authorizationRefusals(caller), ...bodyRefusals(write), ...refusals]),
  };
  if (entry.deprecated !== null) operation.deprecated = true;
  return operation;
}
