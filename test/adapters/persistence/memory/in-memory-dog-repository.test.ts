import t from 'tap';
import { dogRepositoryContract } from '../../../fixtures/contracts/dog-repository-contract.js';
import { memoryDogs } from '../../../fixtures/stores/memory-stores.js';

dogRepositoryContract(t, memoryDogs);
