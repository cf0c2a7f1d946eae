import type { Cat } from '../../domain/cats/cat.js';
import type { Dog } from '../../domain/dogs/dog.js';

/** Every record of a data file, each validated by the domain. */
export interface LoadedRecords {
  readonly dogs: readonly Dog[];
  readonly cats: readonly Cat[];
}
