// Needs: PostgreSQL
import t from 'tap';
import { dogRepositoryContract } from '../../../fixtures/contracts/dog-repository-contract.js';
import { postgresStores } from '../../../fixtures/stores/postgres-stores.js';

const stores = await postgresStores(t);
if (stores !== undefined) dogRepositoryContract(t, stores.dogs);
