import t from 'tap';
import { ClientCommandError, ManageClients } from '../../../src/application/clients/manage-clients.js';
import { InMemoryClientRepository } from '../../../src/adapters/persistence/memory/in-memory-client-repository.js';
import type { Client } from '../../../src/domain/clients/client.js';
import { clientNamed } from '../../fixtures/contracts/client-repository-contract.js';
import { lifecycleModel } from '../../fixtures/lifecycle-history.js';
import { date } from '../../fixtures/test-clock.js';

/** The in-memory clients, where another writer (an operator on another machine) acts just before each write of ours. */
class RacedClients extends InMemoryClientRepository {
  racing = true;

  override async replace(before: Client, after: Client): Promise<boolean> {
    if (this.racing) {
      this.racing = false;
      await super.replace(before, { ...before, pinnedVersion: '2.1.0' });
    }
    return super.replace(before, after);
  }

  override async revoke(name: string, at: number): Promise<boolean> {
    if (this.racing) {
      this.racing = false;
      await super.revoke(name, at);
    }
    return super.revoke(name, at);
  }
}

const today = date('2026-11-22');

t.test("an operator's pin that races another writer is tried again on what is stored", async (t) => {
  const clients = new RacedClients([clientNamed('shop')]);
  const manage = new ManageClients(clients, lifecycleModel());
  t.match(await manage.pin('shop', '3.0.0', today), { pinnedVersion: '3.0.0' });
  t.match(await clients.named('shop'), { pinnedVersion: '3.0.0' }, 'the second try stored it');
});

t.test('a revocation that another writer made first: said so', async (t) => {
  const clients = new RacedClients([clientNamed('shop')]);
  const manage = new ManageClients(clients, lifecycleModel());
  await t.rejects(manage.revoke('shop', 1), new ClientCommandError('client "shop" is revoked already'));
  await t.rejects(manage.revoke('shop', 1), { name: 'ClientCommandError' }, 'the error says its kind');
});
