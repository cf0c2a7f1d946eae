import type { Representation } from '../../domain/versioning/representation.js';
import type { RequestContext } from '../../domain/versioning/request-context.js';
import type { ResourceKey } from '../../domain/versioning/resource-key.js';
import type { Version } from '../../domain/versioning/version.js';
import type { VersionModel } from '../../domain/versioning/version-model.js';
import { RepresentedPages } from '../caching/represented-pages.js';
import type { InvalidPageError } from '../errors/invalid-page-error.js';
import { NotFoundError } from '../errors/not-found-error.js';
import type { Page } from '../paging/page.js';
import { PageRequest, type PageQuery } from '../paging/page-request.js';
import type { Awaitable } from '../ports/awaitable.js';
import type { Clock } from '../ports/clock.js';
import type { RecordRepository, RecordSlice } from '../ports/record-repository.js';
import type { Representer } from '../ports/representer.js';
import { RecordAction } from './record-action.js';

export interface ListInput {
  readonly version: Version;
  /** Checked only once the action is known to exist at the version, so a hidden list is a 404 whatever its query. */
  readonly page?: PageQuery;
}

/** The `list` action of a collection: one page in ascending id order, every item shaped for the requested version. */
export class ListRecords<R extends { readonly id: number }> extends RecordAction<R> {
  protected readonly action = 'list';
  /** Absent when the bench measures the service without it (BENCH_CACHES_OFF=pages). */
  readonly #pages: RepresentedPages | undefined;

  constructor(
    model: Pick<VersionModel, 'isAvailable' | 'hasEnd'>,
    representer: Representer,
    clock: Clock,
    repository: RecordRepository<R>,
    viewSet: string,
    resource: ResourceKey<R>,
    remembersPages = true,
  ) {
    super(model, representer, clock, repository, viewSet, resource);
    this.#pages = remembersPages ? new RepresentedPages() : undefined;
  }

  /**
   * The page, or a promise of it when the repository answers with one; a refusal (NotFoundError where the action is
   * hidden, then InvalidPageError for the query) is the answer, not thrown. Only a fault of the storage rejects.
   */
  execute({ version, page: query = {} }: ListInput): Awaitable<Page<Representation> | NotFoundError | InvalidPageError> {
    if (!this.isAvailableAt(version)) return new NotFoundError('hidden');
    let page: PageRequest;
    try {
      page = PageRequest.from(query);
    } catch (error) {
      return error as InvalidPageError; // the only error PageRequest.from throws
    }
    const slice = this.repository.list(page);
    if (slice instanceof Promise) return slice.then((listed) => this.#page(version, page, listed));
    return this.#page(version, page, slice);
  }

  #page(version: Version, request: PageRequest, { records, before, after, total }: RecordSlice<R>): Page<Representation> {
    const context: RequestContext = { version, today: this.clock.today() };
    const represent = (record: R): Representation => this.representer.represent(this.resource, record, context);
    const items = this.#pages === undefined ? records.map(represent) : this.#pages.items(version, request, context.today, records, represent);
    return {
      items,
      request,
      total,
      ...(after ? { nextAfter: (records[records.length - 1] as R).id } : {}),
      ...(before ? { previousBefore: (records[0] as R).id } : {}),
    };
  }
}
