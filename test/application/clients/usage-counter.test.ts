import t from 'tap';
import { UsageCounter } from '../../../src/application/clients/usage-counter.js';
import type { UsageStore } from '../../../src/application/ports/usage-store.js';
import type { UsageCount } from '../../../src/domain/clients/usage.js';

/** A store that takes batches, or refuses them while `failing`. */
class RecordingStore implements UsageStore {
  batches: UsageCount[][] = [];
  failing = false;
  #release: (() => void) | undefined;
  held = false;

  async add(counts: readonly UsageCount[]): Promise<void> {
    if (this.held) await new Promise<void>((resolve) => (this.#release = resolve));
    if (this.failing) throw new Error('database down');
    this.batches.push([...counts]);
  }

  read(): Promise<readonly UsageCount[]> {
    return Promise.resolve(this.batches.flat());
  }

  release(): void {
    this.held = false;
    this.#release?.();
  }
}

t.test('counts add up in memory, and a flush hands them over once, emptying memory', async (t) => {
  const store = new RecordingStore();
  const counter = new UsageCounter(store);
  counter.count('2026-11-22', '/doggies/:id/', '3.0.0', 'shop');
  counter.count('2026-11-22', '/doggies/:id/', '3.0.0', 'shop');
  counter.count('2026-11-22', '/doggies/', '3.0.0', 'shop');
  counter.count('2026-11-23', '/doggies/', 'none', 'anonymous');
  t.same(counter.pending(), [
    { client: 'shop', version: '3.0.0', route: '/doggies/:id/', day: '2026-11-22', requests: 2 },
    { client: 'shop', version: '3.0.0', route: '/doggies/', day: '2026-11-22', requests: 1 },
    { client: 'anonymous', version: 'none', route: '/doggies/', day: '2026-11-23', requests: 1 },
  ]);
  await counter.flush();
  t.equal(store.batches.length, 1, 'one batch');
  t.same(counter.pending(), [], 'memory emptied');
  await counter.flush();
  t.equal(store.batches.length, 1, 'nothing to hand over: no batch');
});

t.test('a failed flush keeps its counts, added to those counted since, for the next one', async (t) => {
  const store = new RecordingStore();
  const counter = new UsageCounter(store);
  counter.count('2026-11-22', '/doggies/', '3.0.0', 'shop');
  store.failing = true;
  await t.rejects(counter.flush(), /database down/);
  counter.count('2026-11-22', '/doggies/', '3.0.0', 'shop');
  t.same(counter.pending(), [{ client: 'shop', version: '3.0.0', route: '/doggies/', day: '2026-11-22', requests: 2 }], 'nothing lost');
  store.failing = false;
  await counter.flush();
  t.same(store.batches, [[{ client: 'shop', version: '3.0.0', route: '/doggies/', day: '2026-11-22', requests: 2 }]]);
});

t.test('one flush at a time: a second waits for the first, even a failing one, then hands over what came since', async (t) => {
  const store = new RecordingStore();
  const counter = new UsageCounter(store);
  counter.count('2026-11-22', '/doggies/', '3.0.0', 'shop');
  store.held = true;
  store.failing = true;
  const first = counter.flush();
  counter.count('2026-11-22', '/cats/', '3.0.0', 'shop');
  const second = counter.flush();
  store.failing = false;
  store.release();
  await first;
  await second;
  t.same(
    store.batches.flat().map(({ route, requests }) => `${route} ${requests}`),
    ['/doggies/ 1', '/cats/ 1'],
    'each count handed over once',
  );
});

t.test('a run of one caller, route and version counts on after a flush, and after the spool took the counts', async (t) => {
  const store = new RecordingStore();
  const counter = new UsageCounter(store);
  for (let i = 0; i < 3; i += 1) counter.count('2026-11-28', '/doggies/:id/', '2.1.0', 'shop');
  await counter.flush();
  counter.count('2026-11-28', '/doggies/:id/', '2.1.0', 'shop');
  t.same(
    counter.pending(),
    [{ client: 'shop', version: '2.1.0', route: '/doggies/:id/', day: '2026-11-28', requests: 1 }],
    'the run goes on in the new counts',
  );
  t.same(counter.takePending(), [{ client: 'shop', version: '2.1.0', route: '/doggies/:id/', day: '2026-11-28', requests: 1 }]);
  counter.count('2026-11-28', '/doggies/:id/', '2.1.0', 'shop');
  counter.count('2026-11-28', '/doggies/:id/', '2.1.0', 'other');
  counter.count('2026-11-28', '/doggies/:id/', '2.1.0', 'shop');
  t.same(
    counter.pending().map(({ client, requests }) => [client, requests]),
    [
      ['shop', 2],
      ['other', 1],
    ],
    'each caller its own tally, whatever the order',
  );
  t.same(store.batches[0]?.[0]?.requests, 3);
});
