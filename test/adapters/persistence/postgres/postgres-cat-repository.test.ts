// Needs: PostgreSQL
import t from 'tap';
import { catRepositoryContract } from '../../../fixtures/contracts/cat-repository-contract.js';
import { postgresStores } from '../../../fixtures/stores/postgres-stores.js';

const stores = await postgresStores(t);
if (stores !== undefined) catRepositoryContract(t, stores.cats);
