// Needs: PostgreSQL
import t from 'tap';
import { usageStoreContract } from '../../../fixtures/contracts/usage-store-contract.js';
import { postgresStores } from '../../../fixtures/stores/postgres-stores.js';

const stores = await postgresStores(t);
if (stores !== undefined) usageStoreContract(t, stores.usage);
