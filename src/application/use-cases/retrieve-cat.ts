import { inject, injectable } from 'inversify';
import { CAT_RESOURCE } from '../../domain/api-history/cat-resource.js';
import { CAT_VIEW_SET } from '../../domain/api-history/view-sets.js';
import type { Cat } from '../../domain/cats/cat.js';
import { CAT_REPOSITORY, type CatRepository } from '../ports/cat-repository.js';
import { CLOCK, type Clock } from '../ports/clock.js';
import { REPRESENTER, type Representer } from '../ports/representer.js';
import { VERSION_MODEL } from '../ports/version-model.js';
import type { VersionModel } from '../../domain/versioning/version-model.js';
import { RetrieveRecord } from './retrieve-record.js';

/** CatViewSet.retrieve: one cat, from 3.0.0 until the endpoint's removal. */
@injectable()
export class RetrieveCat extends RetrieveRecord<Cat> {
  constructor(
    @inject(VERSION_MODEL) model: Pick<VersionModel, 'isAvailable' | 'hasEnd'>,
    @inject(REPRESENTER) representer: Representer,
    @inject(CLOCK) clock: Clock,
    @inject(CAT_REPOSITORY) cats: CatRepository,
  ) {
    super(model, representer, clock, cats, CAT_VIEW_SET, CAT_RESOURCE);
  }
}
