import { Container } from 'inversify';
import t from 'tap';
import { InMemoryRecordRepository } from '../../../../src/adapters/persistence/memory/in-memory-record-repository.js';
import { memoryPersistenceModule } from '../../../../src/adapters/persistence/memory/memory-persistence-module.js';
import { WritesUnavailableError } from '../../../../src/application/errors/refusals.js';
import { PageRequest } from '../../../../src/application/paging/page-request.js';
import { repositoryOf } from '../../../../src/application/ports/record-repository.js';
import { IDEMPOTENCY_KEY_HOURS, writerOf } from '../../../../src/application/ports/record-writer.js';
import { DOGS } from '../../../../src/domain/api-history/heads/dog-collection.js';
import { parseDog, type Dog } from '../../../../src/domain/dogs/dog.js';
import { CalendarDate } from '../../../../src/domain/records/calendar-date.js';
import { recordWriterContract } from '../../../fixtures/contracts/record-writer-contract.js';
import { memoryDogWriters } from '../../../fixtures/stores/memory-stores.js';

recordWriterContract(t, memoryDogWriters);

const today = CalendarDate.parse('2026-11-22') as CalendarDate;
const named =
  (name: string) =>
  (id: number): Dog =>
    parseDog({ id, name, birthday: '2014-05-06' }, today);
const claimOf = (key: string) => ({ scope: 'client-a', key, fingerprint: 'request A' });
const HOUR_MS = 3_600_000;

t.test('a key is kept IDEMPOTENCY_KEY_HOURS: an expired one creates anew, the ones stored after it still replay', async (t) => {
  let now = 1_000_000;
  const dogs = new InMemoryRecordRepository<Dog>([], { now: () => now });
  t.match(dogs.create(named('A'), claimOf('a')), { kind: 'created', record: { id: 1 } }, 'key a at the start');
  now += HOUR_MS;
  t.match(dogs.create(named('B'), claimOf('b')), { kind: 'created', record: { id: 2 } }, 'key b an hour later');
  now += IDEMPOTENCY_KEY_HOURS * HOUR_MS - HOUR_MS;
  t.match(dogs.create(named('A again'), claimOf('a')), { kind: 'replayed', record: { id: 1 } }, 'key a replays at exactly its lifetime');
  now += 1;
  t.match(dogs.create(named('A anew'), claimOf('a')), { kind: 'created', record: { id: 3, name: 'A anew' } }, 'then it has expired');
  t.match(dogs.create(named('B again'), claimOf('b')), { kind: 'replayed', record: { id: 2 } }, 'key b is kept');
  now += HOUR_MS;
  t.match(dogs.create(named('B anew'), claimOf('b')), { kind: 'created', record: { id: 4 } }, 'until its own lifetime is over');
});

t.test('writesRefused: a create and an update throw WritesUnavailableError, and the reads go on', async (t) => {
  const dogs = new InMemoryRecordRepository<Dog>([named('Biko')(1)], { writesRefused: true });
  t.throws(() => dogs.create(named('New')), WritesUnavailableError, 'create');
  t.throws(() => dogs.create(named('New'), claimOf('a')), WritesUnavailableError, 'create with a claim');
  t.throws(() => dogs.update(1, (current) => current), WritesUnavailableError, 'update');
  t.same(dogs.findById(1), named('Biko')(1), 'read by id, unchanged');
  t.equal(dogs.list(PageRequest.of(10, 0)).total, 1, 'nothing stored');
});

t.test('a record made unfrozen is frozen when stored; one made for another id is refused', async (t) => {
  const dogs = new InMemoryRecordRepository<{ readonly id: number; readonly name: string }>([]);
  const created = dogs.create((id) => ({ id, name: 'plain' }));
  t.ok(created.kind === 'created' && Object.isFrozen(created.record), 'a create');
  t.ok(Object.isFrozen(dogs.update(1, (current) => ({ ...current, name: 'changed' }))), 'an update');
  t.throws(() => dogs.create(() => ({ id: 7, name: 'astray' })), /a record made for id 2 has id 7/, 'a create');
  t.throws(() => dogs.update(1, () => ({ id: 2, name: 'astray' })), /a record made for id 1 has id 2/, 'an update');
  t.same(dogs.list(PageRequest.of(10, 0)).records, [{ id: 1, name: 'changed' }], 'neither stored');
});

t.test("memoryPersistenceModule binds a collection's writer to its repository, writes refused when told", async (t) => {
  const records = { dogs: [named('Biko')(1)] };
  const container = new Container();
  container.load(memoryPersistenceModule(records, [DOGS]));
  t.equal(container.get(writerOf(DOGS)), container.get(repositoryOf(DOGS)), 'one instance');
  const writer = container.get<InMemoryRecordRepository<Dog>>(writerOf(DOGS));
  t.match(writer.create(named('Rex')), { kind: 'created', record: { id: 2 } }, 'writes by default');
  t.equal(container.get<InMemoryRecordRepository<Dog>>(repositoryOf(DOGS)).findById(2)?.name, 'Rex', 'read through the repository');

  const refusing = new Container();
  refusing.load(memoryPersistenceModule(records, [DOGS], { writesRefused: true }));
  t.throws(() => refusing.get<InMemoryRecordRepository<Dog>>(writerOf(DOGS)).create(named('Rex')), WritesUnavailableError, 'refused when told');
});
