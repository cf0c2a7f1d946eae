// Needs: PostgreSQL
import t from 'tap';
import type { UsageCount } from '../../../../src/domain/clients/usage.js';
import { usageStoreContract } from '../../../fixtures/contracts/usage-store-contract.js';
import { postgresStores } from '../../../fixtures/stores/postgres-stores.js';

const stores = await postgresStores(t);
if (stores !== undefined) {
  usageStoreContract(t, stores.usage);

  // Two workers flush at once on SIGTERM: their upserts must lock the rows they share in one order.
  t.test('batches from several processes at once, their counts in any order, never deadlock', async (t) => {
    const store = await stores.usage();
    const counts: UsageCount[] = Array.from({ length: 60 }, (_, index) => ({
      client: `client-${index % 7}`,
      version: '3.0.0',
      route: `/route-${index}/`,
      day: '2026-11-22',
      requests: 1,
    }));
    const ROUNDS = 15;
    for (let round = 0; round < ROUNDS; round += 1) {
      await Promise.all([store.add(counts), store.add([...counts].reverse()), store.add(counts.filter((_, index) => index % 2 === 1))]);
    }
    const stored = await store.read({ from: '2026-11-22', to: '2026-11-22' });
    t.equal(stored.length, counts.length, 'one row per key');
    t.same(
      stored.filter(({ route, requests }) => requests !== (Number(/\d+/.exec(route)?.[0]) % 2 === 1 ? 3 : 2) * ROUNDS),
      [],
      'every batch added',
    );
  });
}
