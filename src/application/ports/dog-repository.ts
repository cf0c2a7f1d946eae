import type { Dog } from '../../domain/dogs/dog.js';
import type { RecordRepository } from './record-repository.js';

export type DogRepository = RecordRepository<Dog>;

export const DOG_REPOSITORY = Symbol.for('DogRepository');
