import { inject, injectable, multiInject } from 'inversify';
import { CheckHealth } from '../../application/use-cases/check-health.js';
import { DescribeRecords } from '../../application/use-cases/describe-records.js';
import { GetChangelog } from '../../application/use-cases/get-changelog.js';
import { GetChangelogEntry } from '../../application/use-cases/get-changelog-entry.js';
import { COLLECTION_USE_CASES, type CollectionUseCases } from '../../application/use-cases/record-actions.js';
import { COLLECTION_ROUTES, type CollectionRoutes } from './routing/collection-routes.js';
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
import { AnswerCache } from './response/answer-cache.js';
import { PublishedContracts } from './openapi/published-contracts.js';
import { collectionPaths } from './collections/collection-paths.js';
import type { ReadsQuery } from './routing/reads-query.js';
import type { ApiRoute, ServedRoute } from './routing/route.js';
import type { RouteBody, RouteContract } from './routing/route-contract.js';
import type { RouteRequest, RouteResponse } from './routing/route-request.js';
import type { VersionModel } from '../../domain/versioning/version-model.js';
import { VERSION_MODEL } from '../../application/version-model-token.js';
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
    @inject(VERSION_MODEL) model: VersionModel,
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
      model.lifecycles.map(({ version }) => [version.toString(), new JsonText(JSON.stringify(changelogEntry.execute({ version })))]),
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
    ];
    const provided = collections.flatMap((useCases) =>
      collectionPaths(useCases, published.get(useCases.collection.name) as CollectionRoutes, answers),
    );
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
      ...(catalog === false ? [] : [new ApiCatalog(model, { catalog, openapi: openapi as string, docs, changelog: changelogPath }).route]),
    ];
    // The collections' paths, with any operation of the team's own on them, then the team's own paths.
    api.push(...operationRoutes(operationSets, model, checks, answers, provided), ...builtIn);
    this.reach = changeReach(api);
    this.contracts = new PublishedContracts(api, describeRecords, changelog.execute(), info, client);
    this.all = [...api, ...(docs === false ? [] : new DocsRoutes(this.contracts, model, docs, catalog).all)];
  }
}

function health(useCase: Pick<CheckHealth, 'execute'>) {
  return async (): Promise<RouteResponse> => healthResponse(await useCase.execute());
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
