// Needs: PostgreSQL
import { setTimeout as delay } from 'node:timers/promises';
import pg from 'pg';
import t from 'tap';
import { ChannelListener } from '../../../../src/adapters/persistence/postgres/channel-listener.js';
import { testDatabase } from '../../../fixtures/postgres/test-database.js';

const url = await testDatabase(t);
if (url !== undefined) {
  t.test('two changes that fail at once on one connection give it up once: one warning, one reconnect, one reload', async (t) => {
    const warnings: string[] = [];
    let resumed = 0;
    let failing = true;
    const listener = new ChannelListener(
      { url, warn: (message) => warnings.push(message), firstRetryMs: 50, longestRetryMs: 100 },
      {
        channel: 'listener_test',
        changed: () => (failing ? Promise.reject(new Error('cannot apply')) : Promise.resolve()),
        resumed: async () => {
          resumed += 1;
        },
      },
    );
    await listener.open();
    t.teardown(() => listener.close());
    t.equal(resumed, 1, 'reloaded once when it first listens');
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    t.teardown(() => client.end());
    // Told together at the commit, in one message: both changes fail in the same turn.
    await client.query("BEGIN; NOTIFY listener_test, 'a'; NOTIFY listener_test, 'b'; COMMIT");
    const since = Date.now();
    while (!warnings.includes('database listener recovered') && Date.now() - since < 10_000) await delay(10);
    failing = false;
    await delay(300);
    t.same(warnings, ['database listener lost, reconnecting', 'database listener recovered']);
    t.equal(resumed, 2, 'one reconnection, one reload: the second failure of the given-up connection is ignored');
  });
}
