import type { Dog } from '../dogs/dog.js';
import { AddField } from '../versioning/add-field.js';

/** 2.1.0: Dog.age appears, an integer of human years computed from birthday. */
export class AddAge extends AddField<Dog> {
  constructor() {
    super({ version: '2.1.0', fieldName: 'age', description: 'Added Dog.age: the age in whole years, computed from birthday.' });
  }
}
