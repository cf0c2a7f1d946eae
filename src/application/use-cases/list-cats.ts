import { inject, injectable } from 'inversify';
import { CAT_RESOURCE } from '../../domain/api-history/cat-resource.js';
import { CAT_VIEW_SET } from '../../domain/api-history/view-sets.js';
import type { Cat } from '../../domain/cats/cat.js';
import { CAT_REPOSITORY, type CatRepository } from '../ports/cat-repository.js';
import { ALL_CACHES_ON, CACHE_SWITCHES, type CacheSwitches } from '../caching/cache-switches.js';
import { CLOCK, type Clock } from '../ports/clock.js';
import { REPRESENTER, type Representer } from '../ports/representer.js';
import { VERSION_MODEL } from '../ports/version-model.js';
import type { VersionModel } from '../../domain/versioning/version-model.js';
import { ListRecords } from './list-records.js';

/** CatViewSet.list: a page of cats, until 4.0.0. */
@injectable()
export class ListCats extends ListRecords<Cat> {
  constructor(
    @inject(VERSION_MODEL) model: Pick<VersionModel, 'isAvailable' | 'hasEnd'>,
    @inject(REPRESENTER) representer: Representer,
    @inject(CLOCK) clock: Clock,
    @inject(CAT_REPOSITORY) cats: CatRepository,
    @inject(CACHE_SWITCHES) caches: CacheSwitches = ALL_CACHES_ON,
  ) {
    super(model, representer, clock, cats, CAT_VIEW_SET, CAT_RESOURCE, caches.pages);
  }
}
