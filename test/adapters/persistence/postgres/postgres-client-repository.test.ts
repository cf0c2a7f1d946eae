// Needs: PostgreSQL
import t from 'tap';
import { clientRepositoryContract } from '../../../fixtures/contracts/client-repository-contract.js';
import { postgresStores } from '../../../fixtures/stores/postgres-stores.js';

const stores = await postgresStores(t);
if (stores !== undefined) clientRepositoryContract(t, stores.clients);
