import t from 'tap';
import { InMemoryClientRepository } from '../../../../src/adapters/persistence/memory/in-memory-client-repository.js';
import type { Client } from '../../../../src/domain/clients/client.js';
import { clientNamed, clientRepositoryContract } from '../../../fixtures/contracts/client-repository-contract.js';
import { memoryClients } from '../../../fixtures/stores/memory-stores.js';
import { PinChangeUnavailableError } from '../../../../src/application/errors/refusals.js';

clientRepositoryContract(t, memoryClients);

t.test('each change is persisted with every client before it is said done', async (t) => {
  const persisted: (readonly string[])[] = [];
  const ada = clientNamed('ada');
  const repository = new InMemoryClientRepository([ada], { persist: async (clients) => void persisted.push(clients.map(({ name }) => name)) });
  await repository.add(clientNamed('bob'));
  await repository.replace(ada, { ...ada, pinnedVersion: '5.0.0' });
  await repository.revoke('bob', 1);
  t.same(persisted, [
    ['ada', 'bob'],
    ['ada', 'bob'],
    ['ada', 'bob'],
  ]);
});

t.test('a change whose persist fails is undone, and the failure passed on', async (t) => {
  const ada = clientNamed('ada');
  const failure = new Error('disk full');
  const repository = new InMemoryClientRepository([ada], { persist: async () => Promise.reject(failure) });
  const unchanged = async (what: string): Promise<void> => {
    t.same(await repository.all(), [ada], `${what}: every client as before`);
    t.same(repository.withKeyHash(ada.keyHash), ada, `${what}: the key finds the client as before`);
  };
  const bob = clientNamed('bob');
  await t.rejects(repository.add(bob), failure, 'an add');
  await unchanged('an add');
  t.equal(repository.withKeyHash(bob.keyHash), undefined, "an add: the new client's key finds nothing");
  await t.rejects(repository.replace(ada, { ...ada, pinnedVersion: '5.0.0' }), failure, 'a replace');
  await unchanged('a replace');
  await t.rejects(repository.revoke('ada', 1), failure, 'a revocation');
  await unchanged('a revocation');
});

t.test("the service's own over CLIENTS_FILE refuses a pin change, and the rest is served", async (t) => {
  const ada = clientNamed('ada');
  const repository = new InMemoryClientRepository([ada], { pinChangesRefused: true });
  const after: Client = { ...ada, pinnedVersion: '5.0.0' };
  await t.rejects(repository.replace(ada, after), PinChangeUnavailableError);
  t.same(await repository.named('ada'), ada, 'nothing changed');
  t.same(repository.withKeyHash(ada.keyHash), ada, 'the key is served');
});
