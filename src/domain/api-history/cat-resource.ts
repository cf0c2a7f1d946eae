import type { Cat } from '../cats/cat.js';
import { resourceKey, type ResourceDeclaration } from '../versioning/resource-declaration.js';

export const CAT_RESOURCE = resourceKey<Cat>('Cat');

/** The cat record: its shape has never changed. */
export const catResource: ResourceDeclaration<Cat> = {
  key: CAT_RESOURCE,
  represent: (cat) => ({ id: cat.id, name: cat.name }),
  transforms: [],
};
