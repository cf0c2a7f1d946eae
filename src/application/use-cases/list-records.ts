import type { Representation } from '../../domain/versioning/representation.js';
import type { RequestContext } from '../../domain/versioning/request-context.js';
import type { ResourceKey } from '../../domain/versioning/resource-declaration.js';
import type { Version } from '../../domain/versioning/version.js';
import { NotFoundError } from '../errors/not-found-error.js';
import type { Page } from '../paging/page.js';
import { PageRequest, type PageQuery } from '../paging/page-request.js';
import type { Clock } from '../ports/clock.js';
import type { RecordRepository } from '../ports/record-repository.js';
import type { VersionPolicy } from '../ports/version-policy.js';

export interface ListInput {
  readonly version: Version;
  /** Checked only once the action is known to exist at the version, so a hidden list is a 404 whatever its query. */
  readonly page?: PageQuery;
}

/** The `list` action of a collection: one page in ascending id order, every item shaped for the requested version. */
export abstract class ListRecords<R> {
  constructor(
    private readonly policy: VersionPolicy,
    private readonly clock: Clock,
    private readonly repository: RecordRepository<R>,
    private readonly viewSet: string,
    private readonly resource: ResourceKey<R>,
  ) {}

  async execute({ version, page: query = {} }: ListInput): Promise<Page<Representation>> {
    if (!this.policy.isAvailable(this.viewSet, 'list', version)) throw new NotFoundError('hidden');
    const page = PageRequest.fromQuery(query.limit, query.offset);
    const [records, total] = await Promise.all([this.repository.list(page), this.repository.count()]);
    const context: RequestContext = { version, today: this.clock.today() };
    return { items: records.map((record) => this.policy.represent(this.resource, record, context)), request: page, total };
  }
}
