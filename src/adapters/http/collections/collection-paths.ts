import { hash } from 'node:crypto';
import { whenReady, type Awaitable } from '../../../application/ports/awaitable.js';
import { PAGE_PARAMETERS } from '../../../application/paging/page-request.js';
import type { CreateRecord } from '../../../application/use-cases/create-record.js';
import type { ListRecords } from '../../../application/use-cases/list-records.js';
import type { CollectionUseCases } from '../../../application/use-cases/record-actions.js';
import type { RetrieveRecord } from '../../../application/use-cases/retrieve-record.js';
import type { UpdateRecord } from '../../../application/use-cases/update-record.js';
import { Refusal } from '../../../domain/errors/refusal.js';
import type { AnswerCache } from '../response/answer-cache.js';
import { paginationHeaders } from '../response/pagination-headers.js';
import type { ActionRoute, CollectionRoutes } from '../routing/collection-routes.js';
import type { Route } from '../routing/route.js';
import type { RouteContract } from '../routing/route-contract.js';
import type { RouteOutcome, RouteRequest } from '../routing/route-request.js';
import type { RouteWrite, WriteContract } from '../routing/route-write.js';

// The routes of the layer's own collections: a list, a record, and the writes a collection takes, over its use cases.

/** A collection's two paths, the list's and a record's, each bound to its use cases, with the writes it takes. */
export function collectionPaths(
  { collection: { viewSet }, list, retrieve, create, update }: CollectionUseCases,
  { path, tag, routes }: CollectionRoutes,
  answers: AnswerCache,
): Route[] {
  return [
    {
      pattern: path,
      handle: listing(list, answers),
      contract: { ...recordContract('page', routes.list, tag, list), serves: { viewSet, action: 'list' } },
      queryParameters: PAGE_PARAMETERS,
      ...(create === undefined ? {} : { write: creation(create, routes.create as ActionRoute, path, answers) }),
    },
    {
      pattern: `${path}:id/`,
      handle: retrieval(retrieve, answers),
      contract: { ...recordContract('record', routes.retrieve, tag, retrieve), serves: { viewSet, action: 'retrieve' } },
      ...(update === undefined ? {} : { write: updating(update, routes.update as ActionRoute, answers) }),
    },
  ];
}

function listing<R extends { readonly id: number }>(useCase: Pick<ListRecords<R>, 'page' | 'represent' | 'recordType'>, cache: AnswerCache) {
  const answers = cache.for(useCase.recordType);
  const answer = (ready: Awaited<ReturnType<typeof useCase.page>>, request: RouteRequest): RouteOutcome =>
    ready instanceof Refusal
      ? ready
      : {
          body: answers.page(ready.request.key, ready.items, request, useCase.represent),
          headers: paginationHeaders(request.base + request.path, ready),
        };
  return (request: RouteRequest): Awaitable<RouteOutcome> => {
    const { query } = request;
    const page = useCase.page({
      version: request.version,
      page: {
        limit: query.getAll('limit'),
        offset: query.getAll('offset'),
        starting_after: query.getAll('starting_after'),
        ending_before: query.getAll('ending_before'),
      },
    });
    return whenReady(page, answer, request);
  };
}

function retrieval<R>(useCase: Pick<RetrieveRecord<R>, 'find' | 'represent' | 'recordType'>, cache: AnswerCache) {
  const answers = cache.for(useCase.recordType);
  // The request is the context its record is represented in (its version and day).
  const answer = (record: R | Refusal, request: RouteRequest): RouteOutcome =>
    record instanceof Refusal ? record : { body: answers.record(record, request, useCase.represent) };
  return (request: RouteRequest): Awaitable<RouteOutcome> =>
    whenReady(useCase.find({ version: request.version, id: request.params.id as string }), answer, request);
}

/** Who an Idempotency-Key belongs to: one caller's key never answers another's request. */
const scopeOf = (client: RouteRequest['client']): string => (client === undefined ? 'anonymous' : `client:${client.name}`);

/** POST to a collection: 201 with the record at the request's version and its Location (`Idempotent-Replayed` on a retry's answer). */
function creation<R extends { readonly id: number }>(useCase: CreateRecord<R>, route: ActionRoute, path: string, cache: AnswerCache): RouteWrite {
  const answers = cache.for(useCase.recordType);
  return {
    method: 'POST',
    idempotent: true,
    contract: writeContract(useCase, route, 201, {
      invalid_body: 'The body does not fit the version’s schema, the newest once upgraded, or a rule of the record',
      idempotency_key_reused: 'The Idempotency-Key came before with another body or version',
    }),
    handle: (request, { body, idempotencyKey }) => {
      const { version, today, client } = request;
      const idempotency =
        idempotencyKey === undefined
          ? undefined
          : { scope: scopeOf(client), key: idempotencyKey, fingerprint: hash('sha256', JSON.stringify([version.toString(), body]), 'base64url') };
      return whenReady(useCase.create({ version, today, body, ...(idempotency === undefined ? {} : { idempotency }) }), (created) =>
        created instanceof Refusal
          ? created
          : {
              status: 201,
              body: answers.record(created.record, request, useCase.represent),
              headers: { Location: `${request.base}${path}${created.record.id}/`, ...(created.replayed ? REPLAYED : {}) },
            },
      );
    },
  };
}

const REPLAYED = Object.freeze({ 'Idempotent-Replayed': 'true' });

/** PATCH of a record: 200 with the record as stored after the merge patch, at the request's version. */
function updating<R extends { readonly id: number }>(useCase: UpdateRecord<R>, route: ActionRoute, cache: AnswerCache): RouteWrite {
  const answers = cache.for(useCase.recordType);
  return {
    method: 'PATCH',
    idempotent: false,
    contract: writeContract(useCase, route, 200, {
      invalid_body: 'The patch does not fit the version’s schema, or the record once patched does not fit the newest schema or a rule of the record',
    }),
    handle: (request, { body }) =>
      whenReady(useCase.update({ version: request.version, today: request.today, body, id: request.params.id as string }), (record) =>
        record instanceof Refusal ? record : { body: answers.record(record, request, useCase.represent) },
      ),
  };
}

function writeContract(
  useCase: Pick<CreateRecord<never>, 'recordType' | 'bodySchema' | 'isAvailableAt' | 'hasEnd'>,
  { operationId, summary }: ActionRoute,
  status: 201 | 200,
  refusals: Readonly<Record<string, string>>,
): WriteContract {
  return {
    operationId,
    summary,
    recordType: useCase.recordType,
    status,
    bodyAt: (version) => useCase.bodySchema(version),
    availableAt: (version) => useCase.isAvailableAt(version),
    ends: useCase.hasEnd(),
    refusals: { ...refusals, writes_unavailable: 'The in-memory storage runs in several processes (WORKERS above 1), which would not see the write' },
  };
}

/** The contract of a route answering a page of records, or one record, of a use case's resource. */
function recordContract(
  body: 'page' | 'record',
  { operationId, summary }: ActionRoute,
  tag: string,
  useCase: Pick<ListRecords<never> | RetrieveRecord<never>, 'recordType' | 'isAvailableAt' | 'hasEnd'>,
): RouteContract {
  return {
    operationId,
    summary,
    tag,
    body: { kind: body, recordType: useCase.recordType },
    availableAt: (version) => useCase.isAvailableAt(version),
    ends: useCase.hasEnd(),
  };
}
