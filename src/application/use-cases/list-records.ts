import type { Representation } from '../../domain/versioning/representation.js';
import type { RequestContext } from '../../domain/versioning/request-context.js';
import type { ResourceKey } from '../../domain/versioning/resource-key.js';
import type { Version } from '../../domain/versioning/version.js';
import type { VersionModel } from '../../domain/versioning/version-model.js';
import type { CalendarDate } from '../../domain/records/calendar-date.js';
import { RepresentedPages, type PageMemory } from '../caching/represented-pages.js';
import type { Page } from '../paging/page.js';
import { PageRequest, type PageQuery } from '../paging/page-request.js';
import type { Awaitable } from '../ports/awaitable.js';
import type { RecordRepository, RecordSlice } from '../ports/record-repository.js';
import type { Representer } from '../ports/representer.js';
import { RecordAction } from './record-action.js';
import { NotFoundError, type InvalidPageError } from '../errors/refusals.js';

export interface ListInput {
  readonly version: Version;
  /** The service's date for the request (a dog's age depends on it). */
  readonly today: CalendarDate;
  /** Checked only once the action is known to exist at the version, so a hidden list is a 404 whatever its query. */
  readonly page?: PageQuery;
}

/** The `list` action of a collection: one page in ascending id order, every item shaped for the requested version. */
export class ListRecords<R extends { readonly id: number }> extends RecordAction<R> {
  protected readonly action = 'list';
  constructor(
    model: Pick<VersionModel, 'isAvailable' | 'hasEnd'>,
    representer: Representer,
    repository: RecordRepository<R>,
    viewSet: string,
    resource: ResourceKey<R>,
    /** The pages this list remembers as represented; its own. */
    private readonly pages: PageMemory = new RepresentedPages(),
  ) {
    super(model, representer, repository, viewSet, resource);
  }

  /**
   * The page, or a promise of it when the repository answers with one; a refusal (NotFoundError where the action is
   * hidden, then InvalidPageError for the query) is the answer, not thrown. Only a fault of the storage rejects.
   */
  execute({ version, today, page: query = {} }: ListInput): Awaitable<Page<Representation> | NotFoundError | InvalidPageError> {
    if (!this.isAvailableAt(version)) return new NotFoundError('hidden');
    let page: PageRequest;
    try {
      page = PageRequest.from(query);
    } catch (error) {
      return error as InvalidPageError; // the only error PageRequest.from throws
    }
    const slice = this.repository.list(page);
    if (slice instanceof Promise) return slice.then((listed) => this.#page({ version, today }, page, listed));
    return this.#page({ version, today }, page, slice);
  }

  #page(context: RequestContext, request: PageRequest, { records, before, after, total }: RecordSlice<R>): Page<Representation> {
    const represent = (record: R): Representation => this.representer.represent(this.resource, record, context);
    const items = this.pages.items(context.version, request, context.today, records, represent);
    return {
      items,
      request,
      total,
      ...(after ? { nextAfter: (records[records.length - 1] as R).id } : {}),
      ...(before ? { previousBefore: (records[0] as R).id } : {}),
    };
  }
}
