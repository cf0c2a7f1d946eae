import { inject, injectable } from 'inversify';
import { DOG_RESOURCE } from '../../domain/api-history/dog-resource.js';
import { DOGGIE_VIEW_SET } from '../../domain/api-history/view-sets.js';
import type { Dog } from '../../domain/dogs/dog.js';
import { ALL_CACHES_ON, CACHE_SWITCHES, type CacheSwitches } from '../caching/cache-switches.js';
import { CLOCK, type Clock } from '../ports/clock.js';
import { DOG_REPOSITORY, type DogRepository } from '../ports/dog-repository.js';
import { REPRESENTER, type Representer } from '../ports/representer.js';
import { VERSION_MODEL } from '../ports/version-model.js';
import type { VersionModel } from '../../domain/versioning/version-model.js';
import { ListRecords } from './list-records.js';

/** DoggieViewSet.list: a page of dogs, at every version. */
@injectable()
export class ListDogs extends ListRecords<Dog> {
  constructor(
    @inject(VERSION_MODEL) model: Pick<VersionModel, 'isAvailable' | 'hasEnd'>,
    @inject(REPRESENTER) representer: Representer,
    @inject(CLOCK) clock: Clock,
    @inject(DOG_REPOSITORY) dogs: DogRepository,
    @inject(CACHE_SWITCHES) caches: CacheSwitches = ALL_CACHES_ON,
  ) {
    super(model, representer, clock, dogs, DOGGIE_VIEW_SET, DOG_RESOURCE, caches.pages);
  }
}
