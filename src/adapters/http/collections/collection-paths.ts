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
import type { OperationRoute, ReadContract, ServedOperation, WriteContract } from '../routing/operation-route.js';
import type { RouteOutcome, RouteRequest } from '../routing/route-request.js';

// The layer's own collections as a provider of operations: a list and a record, each a path of operations (a read,
// and the write the collection takes there) whose handlers are its use cases over the layer's storage.

/** A collection's two paths, the list's and a record's, each with its read and the write it takes. */
export function collectionPaths(
  { collection: { viewSet }, list, retrieve, create, update }: CollectionUseCases,
  { path, tag, routes }: CollectionRoutes,
  answers: AnswerCache,
): OperationRoute[] {
  const serves = (action: string): { viewSet: string; action: string } => ({ viewSet, action });
  const listed = readContract('page', routes.list, tag, list, serves('list'));
  const retrieved = readContract('record', routes.retrieve, tag, retrieve, serves('retrieve'));
  return [
    pathOf(path, listed, PAGE_PARAMETERS, [
      { method: 'GET', contract: listed, takesBody: false, handle: listing(list, answers) },
      ...(create === undefined ? [] : [creation(create, routes.create as ActionRoute, path, answers, serves('create'))]),
    ]),
    pathOf(`${path}:id/`, retrieved, undefined, [
      { method: 'GET', contract: retrieved, takesBody: false, handle: retrieval(retrieve, answers) },
      ...(update === undefined ? [] : [updating(update, routes.update as ActionRoute, answers, serves('update'))]),
    ]),
  ];
}

/** A path of a collection, which its read speaks for (the path's window is the read's: a write is never served without it). */
function pathOf(pattern: string, read: ReadContract, queryParameters: readonly string[] | undefined, operations: ServedOperation[]): OperationRoute {
  const { kind: _kind, serves: _serves, recordTypes: _types, ...contract } = read;
  return {
    pattern,
    contract,
    operations: new Map(operations.map((operation) => [operation.method, operation])),
    ...(queryParameters === undefined ? {} : { queryParameters }),
  };
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
function creation<R extends { readonly id: number }>(
  useCase: CreateRecord<R>,
  route: ActionRoute,
  path: string,
  cache: AnswerCache,
  serves: WriteContract['serves'],
): ServedOperation {
  const answers = cache.for(useCase.recordType);
  return {
    method: 'POST',
    idempotent: true,
    takesBody: true,
    contract: writeContract(useCase, route, 201, serves, {
      invalid_body: 'The body does not fit the version’s schema, the newest once upgraded, or a rule of the record',
      idempotency_key_reused: 'The Idempotency-Key came before with another body or version',
    }),
    handle: (request, body, idempotencyKey) => {
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
function updating<R extends { readonly id: number }>(
  useCase: UpdateRecord<R>,
  route: ActionRoute,
  cache: AnswerCache,
  serves: WriteContract['serves'],
): ServedOperation {
  const answers = cache.for(useCase.recordType);
  return {
    method: 'PATCH',
    takesBody: true,
    contract: writeContract(useCase, route, 200, serves, {
      invalid_body: 'The patch does not fit the version’s schema, or the record once patched does not fit the newest schema or a rule of the record',
    }),
    handle: (request, body) =>
      whenReady(useCase.update({ version: request.version, today: request.today, body, id: request.params.id as string }), (record) =>
        record instanceof Refusal ? record : { body: answers.record(record, request, useCase.represent) },
      ),
  };
}

function writeContract(
  useCase: Pick<CreateRecord<never>, 'recordType' | 'bodySchema' | 'isAvailableAt' | 'hasEnd'>,
  { operationId, summary }: ActionRoute,
  status: 201 | 200,
  serves: WriteContract['serves'],
  refusals: Readonly<Record<string, string>>,
): WriteContract {
  return {
    kind: 'write',
    operationId,
    summary,
    serves,
    recordType: useCase.recordType,
    recordTypes: new Set([useCase.recordType.name]),
    status,
    bodyAt: (version) => useCase.bodySchema(version),
    availableAt: (version) => useCase.isAvailableAt(version),
    ends: useCase.hasEnd(),
    refusals: { ...refusals, writes_unavailable: 'The in-memory storage runs in several processes (WORKERS above 1), which would not see the write' },
  };
}

/** The contract of a read answering a page of records, or one record, of a use case's resource. */
function readContract(
  body: 'page' | 'record',
  { operationId, summary }: ActionRoute,
  tag: string,
  useCase: Pick<ListRecords<never> | RetrieveRecord<never>, 'recordType' | 'isAvailableAt' | 'hasEnd'>,
  serves: ReadContract['serves'],
): ReadContract {
  return {
    kind: 'read',
    serves,
    recordTypes: new Set([useCase.recordType.name]),
    operationId,
    summary,
    tag,
    body: { kind: body, recordType: useCase.recordType },
    availableAt: (version) => useCase.isAvailableAt(version),
    ends: useCase.hasEnd(),
  };
}
