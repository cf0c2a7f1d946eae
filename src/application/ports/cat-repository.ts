import type { Cat } from '../../domain/cats/cat.js';
import type { RecordRepository } from './record-repository.js';

export type CatRepository = RecordRepository<Cat>;

export const CAT_REPOSITORY = Symbol.for('CatRepository');
