import t from 'tap';
import { InMemoryRecordRepository } from '../../../../src/adapters/persistence/memory/in-memory-record-repository.js';
import { dogRepositoryContract } from '../../../fixtures/contracts/dog-repository-contract.js';

dogRepositoryContract(t, async (dogs) => new InMemoryRecordRepository(dogs));
