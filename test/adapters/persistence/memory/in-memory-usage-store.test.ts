import t from 'tap';
import { InMemoryUsageStore } from '../../../../src/adapters/persistence/memory/in-memory-usage-store.js';
import { usageStoreContract } from '../../../fixtures/contracts/usage-store-contract.js';

usageStoreContract(t, () => Promise.resolve(new InMemoryUsageStore()));
