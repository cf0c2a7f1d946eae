import type { Dog } from '../dogs/dog.js';
import { resourceKey, type ResourceDeclaration } from '../versioning/resource-declaration.js';
import { AddAge } from './add-age.js';
import type { AgeRemoval } from './age-removal.js';
import { GroupAgeAndDogYears } from './group-age-and-dog-years.js';
import { RemoveAge, RemoveAgeWithPlaceholder } from './remove-age.js';

export const DOG_RESOURCE = resourceKey<Dog>('Dog');

/** The dog record: its newest shape and every change that made it. */
export function dogResource(ageRemoval: AgeRemoval): ResourceDeclaration<Dog> {
  return {
    key: DOG_RESOURCE,
    represent: (dog) => ({ id: dog.id, name: dog.name, birthday: dog.birthday.toString() }),
    transforms: [new AddAge(), new GroupAgeAndDogYears(), ageRemoval === 'computed' ? new RemoveAge() : new RemoveAgeWithPlaceholder()],
  };
}
