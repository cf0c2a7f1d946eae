import { hash } from 'node:crypto';
import { inject, injectable, multiInject } from 'inversify';
import { whenReady, type Awaitable } from '../../application/ports/awaitable.js';
import { CheckHealth } from '../../application/use-cases/check-health.js';
import { DescribeRecords } from '../../application/use-cases/describe-records.js';
import { GetChangelog } from '../../application/use-cases/get-changelog.js';
import { GetChangelogEntry } from '../../application/use-cases/get-changelog-entry.js';
import type { ListRecords } from '../../application/use-cases/list-records.js';
import { COLLECTION_USE_CASES, type CollectionUseCases } from '../../application/use-cases/record-actions.js';
import { COLLECTION_ROUTES, type ActionRoute, type CollectionRoutes } from './routing/collection-routes.js';
import type { RetrieveRecord } from '../../application/use-cases/retrieve-record.js';
import { CHANGELOG_ENTRY_SCHEMA } from '../../domain/versioning/changelog-schema.js';
import { ApiCatalog } from './discovery/api-catalog.js';
import { DocsRoutes } from './docs/docs-routes.js';
import { ClientPins } from '../../application/clients/client-pins.js';
import { CLOCK, type Clock } from '../../application/ports/clock.js';
import { clientRoutes } from './self-service/client-routes.js';
import { changeReach } from './self-service/change-reach.js';
import { upgradeRoute } from './self-service/upgrade-route.js';
import { UpgradeReports, type ChangeReach } from '../../application/clients/upgrade-reports.js';
import { UsageReports } from '../../application/clients/usage-reports.js';
import { HEALTH_SCHEMA, healthResponse } from './response/health-response.js';
import { JsonText } from './response/prepared-bodies.js';
import { paginationHeaders } from './response/pagination-headers.js';
import { PAGE_PARAMETERS } from '../../application/paging/page-request.js';
import { AnswerCache } from './response/answer-cache.js';
import { PublishedContracts } from './openapi/published-contracts.js';
import type { ApiRoute, Route, ServedRoute } from './routing/route.js';
import type { RouteOutcome, RouteRequest, RouteResponse } from './routing/route-request.js';
import type { RouteBody, RouteContract } from './routing/route-contract.js';
import type { ReadsQuery } from './routing/reads-query.js';
import type { RouteWrite, WriteContract } from './routing/route-write.js';
import type { CreateRecord } from '../../application/use-cases/create-record.js';
import type { UpdateRecord } from '../../application/use-cases/update-record.js';
import { Refusal } from '../../domain/errors/refusal.js';
import type { VersionModel } from '../../domain/versioning/version-model.js';
import { VERSION_MODEL } from '../../application/ports/version-model.js';
import { API_INFO, type ApiInfo } from './openapi/api-info.js';
import { OPERATION_SETS, type OperationSet } from './operations/operation-declaration.js';
import { operationRoutes } from './operations/operation-routes.js';
import { SCHEMA_CHECKS, type SchemaChecks } from '../../application/ports/schema-checks.js';
import { API_VERSION_HEADER, VERSION_QUERY_PARAMETER } from './request/api-version-header.js';
import { changelogEntryPath, clientPaths, ENDPOINTS, type Endpoints } from './routing/endpoints.js';

/** Every path the service answers: the API's (a client's own among them), each bound to its use case, and the docs page's; the layer's own where the API places them, none left out. */
@injectable()
export class ApiRoutes {
  readonly all: readonly ServedRoute[];
  /** Every version's OpenAPI document, describing the API's routes. */
  readonly contracts: PublishedContracts;
  /** Which of these routes each change reaches: `GET /client/upgrade`'s and `npm run clients -- upgrade`'s. */
  readonly reach: ChangeReach;

  constructor(
    @inject(GetChangelog) changelog: GetChangelog,
    @inject(GetChangelogEntry) changelogEntry: GetChangelogEntry,
    @multiInject(COLLECTION_USE_CASES) collections: readonly CollectionUseCases[],
    @inject(CheckHealth) checkHealth: CheckHealth,
    @inject(DescribeRecords) describeRecords: DescribeRecords,
    @inject(VERSION_MODEL) standings: VersionModel,
    @inject(AnswerCache) answers: AnswerCache,
    @inject(ClientPins) pins: Pick<ClientPins, 'describe' | 'change'>,
    @inject(CLOCK) clock: Pick<Clock, 'now'>,
    @inject(UsageReports) usage: Pick<UsageReports, 'ofClient'>,
    @inject(UpgradeReports) upgrades: Pick<UpgradeReports, 'forClient'>,
    @inject(API_INFO) info: ApiInfo,
    @inject(COLLECTION_ROUTES) published: ReadonlyMap<string, CollectionRoutes>,
    @inject(OPERATION_SETS) operationSets: readonly OperationSet[],
    @inject(SCHEMA_CHECKS) checks: SchemaChecks,
    @inject(ENDPOINTS) endpoints: Endpoints,
  ) {
    // The changelog never changes while the process runs: each body is serialized once.
    const changelogJson = new JsonText(JSON.stringify(changelog.execute()));
    const entryJson = new Map(
      standings.lifecycles.map(({ version }) => [version.toString(), new JsonText(JSON.stringify(changelogEntry.execute({ version })))]),
    );
    const changelogSchema: RouteBody = { kind: 'fixed', name: 'ChangelogEntry', schema: CHANGELOG_ENTRY_SCHEMA };
    const { openapi, docs, changelog: changelogPath, catalog, health: healthPath, clients } = endpoints;
    const entryPath = changelogPath === false ? false : changelogEntryPath(changelogPath);
    const api: ApiRoute[] = [
      ...(changelogPath === false
        ? []
        : [
            {
              pattern: changelogPath,
              handle: () => ({ body: changelogJson }),
              contract: {
                operationId: 'getChangelog',
                summary: 'Every version, newest first',
                tag: 'Versions',
                body: { kind: 'fixed', name: 'Changelog', schema: { type: 'array', items: { $ref: '#/components/schemas/ChangelogEntry' } } },
              },
            } satisfies ApiRoute,
            {
              pattern: entryPath as string,
              handle: ({ version }: RouteRequest) => ({ body: entryJson.get(version.toString()) as JsonText }),
              ...versionInQuery(entryPath as string),
              contract: {
                operationId: 'getMyVersion',
                summary: 'The version this request is served at',
                tag: 'Versions',
                body: changelogSchema,
                query: [versionParameter('changelog entry')],
              },
            } satisfies ApiRoute,
          ]),
      ...collections.flatMap(({ collection: { name, viewSet }, list, retrieve, create, update }): Route[] => {
        const { path, tag, routes } = published.get(name) as CollectionRoutes;
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
      }),
    ];
    const client = clients === false ? undefined : clientPaths(clients);
    const builtIn: ApiRoute[] = [
      ...(openapi === false
        ? []
        : [
            {
              pattern: openapi,
              handle: ({ version, base }: RouteRequest) => ({ body: this.contracts.json(version, base) }),
              ...versionInQuery(openapi),
              contract: {
                operationId: 'getOpenApi',
                summary: "This version's OpenAPI 3.1 document",
                tag: 'Contract',
                body: OPENAPI_BODY,
                query: [versionParameter('OpenAPI document')],
              },
            } satisfies ApiRoute,
          ]),
      ...(healthPath === false
        ? []
        : [
            {
              pattern: healthPath,
              unversioned: true,
              handle: health(checkHealth),
              contract: {
                operationId: 'getHealth',
                summary: 'Whether the service and its storage answer',
                tag: 'Health',
                body: HEALTH_BODY,
                headers: { 'Cache-Control': 'Always `no-store`: a health answer is never to be reused.' },
                mayBeUnavailable: true,
              },
            } satisfies ApiRoute,
          ]),
      ...(client === undefined
        ? []
        : [...clientRoutes(pins, usage, () => clock.now(), client), upgradeRoute(upgrades, () => this.reach, client.upgrade)]),
      // endpointsOf leaves the catalog out with the documents it links.
      ...(catalog === false ? [] : [new ApiCatalog(standings, { catalog, openapi: openapi as string, docs, changelog: changelogPath }).route]),
    ];
    const taken = [...api, ...builtIn].map((route) => route.pattern);
    api.push(...operationRoutes(operationSets, standings, checks, taken), ...builtIn);
    this.reach = changeReach(api);
    this.contracts = new PublishedContracts(api, describeRecords, changelog.execute(), info, client);
    this.all = [...api, ...(docs === false ? [] : new DocsRoutes(this.contracts, standings, docs, catalog).all)];
  }
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

function health(useCase: Pick<CheckHealth, 'execute'>) {
  return async (): Promise<RouteResponse> => healthResponse(await useCase.execute());
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

const OPENAPI_BODY: RouteBody = {
  kind: 'fixed',
  name: 'OpenApiDocument',
  schema: {
    type: 'object',
    properties: { openapi: { const: '3.1.0' }, info: { type: 'object' }, paths: { type: 'object' }, components: { type: 'object' } },
    required: ['openapi', 'info', 'paths'],
  },
};
const HEALTH_BODY: RouteBody = { kind: 'fixed', name: 'Health', schema: HEALTH_SCHEMA };

/** A route whose query may name the version (`?version=X.Y.Z`), so that each version's answer has a URL of its own: the API catalog's links. */
function versionInQuery(pattern: string): ReadsQuery & { readonly versionInQuery: true } {
  return {
    queryParameters: [VERSION_QUERY_PARAMETER],
    queryNote: { purpose: `the version, as ${API_VERSION_HEADER} names it`, target: `${pattern}?version=X.Y.Z` },
    versionInQuery: true,
  };
}

function versionParameter(what: string): NonNullable<RouteContract['query']>[number] {
  return {
    name: VERSION_QUERY_PARAMETER,
    in: 'query',
    required: false,
    description:
      `The version whose ${what} to answer, as \`${API_VERSION_HEADER}\` names it, so that each version's has a URL of its own (the API ` +
      `catalog's links). \`Accept\` or \`${API_VERSION_HEADER}\` naming another version is a 400; a malformed or unsupported one, the 406.`,
    schema: { type: 'string' },
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
