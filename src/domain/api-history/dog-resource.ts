import type { Dog } from '../dogs/dog.js';
import { resourceKey } from '../versioning/resource-declaration.js';
import type { ResourceHead } from '../versioning/version-bundle.js';

export const DOG_RESOURCE = resourceKey<Dog>('Dog');

/** The dog record's newest shape; each version's module holds the change that walks it back. */
export const DOG_RESOURCE_HEAD: ResourceHead<Dog> = {
  key: DOG_RESOURCE,
  represent: (dog) => ({ id: dog.id, name: dog.name, birthday: dog.birthday.toString() }),
};
