import t from 'tap';
import { InMemoryRecordRepository } from '../../../../src/adapters/persistence/memory/in-memory-record-repository.js';
import { catRepositoryContract } from '../../../fixtures/contracts/cat-repository-contract.js';

catRepositoryContract(t, async (cats) => new InMemoryRecordRepository(cats));
