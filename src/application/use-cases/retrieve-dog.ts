import { inject, injectable } from 'inversify';
import { DOG_RESOURCE } from '../../domain/api-history/dog-resource.js';
import { DOGGIE_VIEW_SET } from '../../domain/api-history/view-sets.js';
import type { Dog } from '../../domain/dogs/dog.js';
import { CLOCK, type Clock } from '../ports/clock.js';
import { DOG_REPOSITORY, type DogRepository } from '../ports/dog-repository.js';
import { REPRESENTER, type Representer } from '../ports/representer.js';
import { VERSION_MODEL } from '../ports/version-model.js';
import type { VersionModel } from '../../domain/versioning/version-model.js';
import { RetrieveRecord } from './retrieve-record.js';

/** DoggieViewSet.retrieve: one dog, from 2.0.0 on. */
@injectable()
export class RetrieveDog extends RetrieveRecord<Dog> {
  constructor(
    @inject(VERSION_MODEL) model: Pick<VersionModel, 'isAvailable' | 'hasEnd'>,
    @inject(REPRESENTER) representer: Representer,
    @inject(CLOCK) clock: Clock,
    @inject(DOG_REPOSITORY) dogs: DogRepository,
  ) {
    super(model, representer, clock, dogs, DOGGIE_VIEW_SET, DOG_RESOURCE);
  }
}
