import type { Cat } from '../cats/cat.js';
import { resourceKey } from '../versioning/resource-declaration.js';
import type { ResourceHead } from '../versioning/version-bundle.js';

export const CAT_RESOURCE = resourceKey<Cat>('Cat');

/** The cat record: its shape has never changed. */
export const CAT_RESOURCE_HEAD: ResourceHead<Cat> = {
  key: CAT_RESOURCE,
  represent: (cat) => ({ id: cat.id, name: cat.name }),
};
