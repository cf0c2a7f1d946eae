import type { Representation } from '../../domain/versioning/representation.js';
import type { Version } from '../../domain/versioning/version.js';
import type { CalendarDate } from '../../domain/records/calendar-date.js';
import type { Page } from '../paging/page.js';
import { PageRequest, type PageQuery } from '../paging/page-request.js';
import { whenReady, type Awaitable } from '../ports/awaitable.js';
import type { RecordSlice } from '../ports/record-repository.js';
import { RecordAction } from './record-action.js';
import { NotFoundError, type InvalidPageError } from '../errors/refusals.js';
import { Refusal } from '../../domain/errors/refusal.js';

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

  /**
   * The page, or a promise of it when the repository answers with one; a refusal (NotFoundError where the action is
   * hidden, then InvalidPageError for the query) is the answer, not thrown. Only a fault of the storage rejects.
   */
  execute(input: ListInput): Awaitable<Page<Representation> | NotFoundError | InvalidPageError> {
    return whenReady(this.page(input), (page) =>
      page instanceof Refusal ? page : { ...page, items: page.items.map((record) => this.represent(record, input)) },
    );
  }

  /** What `execute` answers, before its records are shaped (`represent` shapes each): the page as stored, or the refusal. */
  page({ version, page: query = {} }: Omit<ListInput, 'today'>): Awaitable<Page<R> | NotFoundError | InvalidPageError> {
    if (!this.isAvailableAt(version)) return new NotFoundError('hidden');
    let page: PageRequest;
    try {
      page = PageRequest.from(query);
    } catch (error) {
      return error as InvalidPageError; // the only error PageRequest.from throws
    }
    return whenReady(this.repository.list(page), pageOf, page);
  }
}

function pageOf<R extends { readonly id: number }>({ records, before, after, total }: RecordSlice<R>, request: PageRequest): Page<R> {
  return {
    items: records,
    request,
    total,
    ...(after ? { nextAfter: (records[records.length - 1] as R).id } : {}),
    ...(before ? { previousBefore: (records[0] as R).id } : {}),
  };
}
