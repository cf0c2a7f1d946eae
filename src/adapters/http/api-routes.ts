import { inject, injectable } from 'inversify';
import { NotFoundError } from '../../application/errors/not-found-error.js';
import { whenReady, type Awaitable } from '../../application/ports/awaitable.js';
import { CheckHealth } from '../../application/use-cases/check-health.js';
import { GetChangelog } from '../../application/use-cases/get-changelog.js';
import { GetCurrentVersion } from '../../application/use-cases/get-current-version.js';
import { ListCats } from '../../application/use-cases/list-cats.js';
import { ListDogs } from '../../application/use-cases/list-dogs.js';
import type { ListRecords } from '../../application/use-cases/list-records.js';
import { RetrieveCat } from '../../application/use-cases/retrieve-cat.js';
import { RetrieveDog } from '../../application/use-cases/retrieve-dog.js';
import type { RetrieveRecord } from '../../application/use-cases/retrieve-record.js';
import type { Version } from '../../domain/versioning/version.js';
import { DocsRoutes } from './docs/docs-routes.js';
import { healthResponse } from './health-response.js';
import { JsonText } from './json-text.js';
import { paginationHeaders } from './pagination-headers.js';
import { parseQuery } from './query-parameters.js';
import { RepresentationJson } from './representation-json.js';
import type { Route, RouteOutcome, RouteRequest, RouteResponse } from './route.js';

/** Every path the API answers, each bound to its use case. */
@injectable()
export class ApiRoutes {
  readonly all: readonly Route[];

  constructor(
    @inject(GetChangelog) changelog: GetChangelog,
    @inject(GetCurrentVersion) currentVersion: GetCurrentVersion,
    @inject(ListDogs) listDogs: ListDogs,
    @inject(RetrieveDog) retrieveDog: RetrieveDog,
    @inject(ListCats) listCats: ListCats,
    @inject(RetrieveCat) retrieveCat: RetrieveCat,
    @inject(CheckHealth) checkHealth: CheckHealth,
    @inject(DocsRoutes) docs: DocsRoutes,
  ) {
    // The changelog never changes while the process runs: each body is serialized once.
    const changelogJson = new JsonText(JSON.stringify(changelog.execute()));
    const entryJson = new Map<string, JsonText>(); // one per supported version at most
    const entryOf = (version: Version): JsonText => {
      let json = entryJson.get(version.toString());
      if (json === undefined) {
        json = new JsonText(JSON.stringify(currentVersion.execute({ version })));
        entryJson.set(version.toString(), json);
      }
      return json;
    };
    const json = new RepresentationJson();
    this.all = [
      { pattern: '/version/', handle: () => ({ body: changelogJson }) },
      { pattern: '/version/my_version/', handle: ({ version }) => ({ body: entryOf(version) }) },
      { pattern: '/doggies/', handle: listing(listDogs, json) },
      { pattern: '/doggies/:id/', handle: retrieval(retrieveDog, json) },
      { pattern: '/cats/', handle: listing(listCats, json) },
      { pattern: '/cats/:id/', handle: retrieval(retrieveCat, json) },
      { pattern: '/health/', unversioned: true, handle: health(checkHealth) },
      ...docs.all,
    ];
  }
}

function listing(useCase: Pick<ListRecords<{ readonly id: number }>, 'execute' | 'isAvailableAt'>, json: RepresentationJson) {
  return ({ version, path, query: queryString }: RouteRequest): Awaitable<RouteOutcome> => {
    if (!useCase.isAvailableAt(version)) return new NotFoundError('hidden');
    const query = parseQuery(queryString);
    const page = useCase.execute({
      version,
      page: {
        limit: query.getAll('limit'),
        offset: query.getAll('offset'),
        starting_after: query.getAll('starting_after'),
        ending_before: query.getAll('ending_before'),
      },
    });
    return whenReady(page, (ready) => ({ body: json.array(ready.items), headers: paginationHeaders(path, ready) }));
  };
}

function health(useCase: Pick<CheckHealth, 'execute'>) {
  return async (): Promise<RouteResponse> => healthResponse(await useCase.execute());
}

function retrieval(useCase: Pick<RetrieveRecord<unknown>, 'execute' | 'isAvailableAt'>, json: RepresentationJson) {
  return ({ version, params }: RouteRequest): Awaitable<RouteOutcome> => {
    if (!useCase.isAvailableAt(version)) return new NotFoundError('hidden');
    return whenReady(useCase.execute({ version, id: params.id as string }), (representation) => ({ body: json.one(representation) }));
  };
}
