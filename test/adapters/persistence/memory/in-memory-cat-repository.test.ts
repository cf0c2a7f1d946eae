import t from 'tap';
import { catRepositoryContract } from '../../../fixtures/contracts/cat-repository-contract.js';
import { memoryCats } from '../../../fixtures/stores/memory-stores.js';

catRepositoryContract(t, memoryCats);
