import { ContainerModule } from 'inversify';
import t, { type Test } from 'tap';
import { HEALTH_CHECK } from '../../../src/application/ports/health-check.js';
import { repositoryOf, type RecordRepository } from '../../../src/application/ports/record-repository.js';
import { writerOf } from '../../../src/application/ports/record-writer.js';
import { USAGE_STORE } from '../../../src/application/ports/usage-store.js';
import { recordsOf } from '../../../src/adapters/persistence/loaded-records.js';
import { InMemoryRecordRepository } from '../../../src/adapters/persistence/memory/in-memory-record-repository.js';
import { InMemoryUsageStore } from '../../../src/adapters/persistence/memory/in-memory-usage-store.js';
import { MemoryHealthCheck } from '../../../src/adapters/persistence/memory/memory-health-check.js';
import { REQUEST_OBSERVERS, type RequestObserver } from '../../../src/adapters/http/observers/request-observer.js';
import type { PersistenceModule } from '../../../src/container.js';
import { bearer, keyedClient, withClients } from '../../fixtures/clients.js';
import { startService, type RunningService } from '../../fixtures/service.js';
import { header, readResponses, WireConnection, within, type WireResponse } from '../../fixtures/wire.js';

/** Reads of a record wait until the test opens the gate, as a database's do: the requests are in flight meanwhile. */
class Gate {
  waiting = 0;
  open!: () => void;
  readonly #opened = new Promise<void>((resolve) => (this.open = resolve));

  async pass(): Promise<void> {
    this.waiting += 1;
    await this.#opened;
  }

  async until(waiting: number): Promise<void> {
    while (this.waiting < waiting) await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** The in-memory storage behind a gate (ids in `never` are never read at all): answers that take their time. */
function gatedStorage(gate: Gate, never: ReadonlySet<number> = new Set()): PersistenceModule {
  return (records, collections) =>
    new ContainerModule(({ bind }) => {
      for (const collection of collections) {
        const store = new InMemoryRecordRepository(recordsOf(records, collection));
        const gated: RecordRepository<{ readonly id: number }> = {
          findById: async (id) => {
            if (never.has(id)) await new Promise(() => {});
            await gate.pass();
            return store.findById(id);
          },
          // The start counts the records through a page: not held.
          list: (page) => store.list(page),
        };
        bind(repositoryOf(collection)).toConstantValue(gated);
        bind(writerOf(collection)).toConstantValue(store);
      }
      bind(HEALTH_CHECK).toConstantValue(new MemoryHealthCheck());
    });
}

const shop = keyedClient('shop', '3.0.0');
const app = keyedClient('app', '5.0.0');

/** The service with two keyed clients, its counts kept in `usage` (what the last flush at stop hands over). */
async function serviceWith(
  t: Test,
  env: Record<string, string>,
  persistence?: PersistenceModule,
  observer?: RequestObserver,
): Promise<{ service: RunningService; usage: InMemoryUsageStore }> {
  const usage = new InMemoryUsageStore();
  const clients = withClients([shop, app]);
  const service = await startService(
    t,
    { ACCESS_LOG: 'off', ...env },
    {
      ...(persistence === undefined ? {} : { persistence }),
      modules: [
        ...(clients.modules ?? []),
        new ContainerModule(({ bind, rebind }) => {
          rebind(USAGE_STORE).toConstantValue(usage);
          if (observer !== undefined) bind(REQUEST_OBSERVERS).toConstantValue(observer);
        }),
      ],
    },
  );
  return { service, usage };
}

/** Requests per client counted in the store. */
async function counted(usage: InMemoryUsageStore): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const { client, requests } of await usage.read({ from: '2026-11-22', to: '2026-11-22' })) counts[client] = (counts[client] ?? 0) + requests;
  return counts;
}

const requestOf = (key: string, path = '/doggies/1/'): string =>
  `GET ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: ${bearer(key).authorization}\r\n\r\n`;

/** The answers a connection received, once the server closed it. */
async function answersOf(connection: WireConnection): Promise<WireResponse[]> {
  await within(connection.closed, 5000, 'the server closing the connection');
  return readResponses(Buffer.from(connection.text, 'latin1')).responses;
}

t.test('requests pipelined on four connections, in flight at the stop: each run one is answered, and counted; none after', async (t) => {
  const gate = new Gate();
  const { service, usage } = await serviceWith(t, { DRAIN_TIMEOUT_MS: '5000' }, gatedStorage(gate));
  const PIPELINED = 20;
  const connections = await Promise.all([0, 1, 2, 3].map(() => WireConnection.open(service.port)));
  connections.forEach((connection, index) => connection.write(requestOf(index % 2 === 0 ? shop.key : app.key).repeat(PIPELINED)));
  await gate.until(4 * PIPELINED);
  const stopping = service.stop();
  // On their way once the stop began, behind the last answer each connection gets: never run.
  for (const connection of connections) connection.write(requestOf(shop.key).repeat(5));
  await new Promise((resolve) => setTimeout(resolve, 50));
  gate.open();
  const answers = await Promise.all(connections.map(answersOf));
  await stopping;
  t.same(
    answers.map((received) => received.length),
    [PIPELINED, PIPELINED, PIPELINED, PIPELINED],
    'every request run before the stop is answered on its connection; the 5 sent after are not',
  );
  t.ok(
    answers.every((received) => received.every(({ status }) => status === 200)),
    'all 200',
  );
  t.same(
    answers.map((received) => received.map((response) => header(response, 'connection') ?? 'keep-alive').join(',')),
    Array.from({ length: 4 }, () => `${'keep-alive,'.repeat(PIPELINED - 1)}close`),
    'only the last answer on each connection closes it',
  );
  t.equal(gate.waiting, 4 * PIPELINED, 'none of the requests sent after the stop was run');
  t.same(await counted(usage), { shop: 2 * PIPELINED, app: 2 * PIPELINED }, 'counted: the answers received, per client');
});

t.test('requests pipelined with every answer made at once (in memory), at a stop: all answered and counted', async (t) => {
  const late: { service?: RunningService } = {};
  let seen = 0;
  const stopAtThirtieth: RequestObserver = {
    timed: false,
    // The stop comes while most answers of the connection wait behind the one before them, their headers made.
    observe: () => void (++seen === 30 && late.service?.stop()),
  };
  const started = await serviceWith(t, {}, undefined, stopAtThirtieth);
  const service = (late.service = started.service);
  const first = await WireConnection.open(service.port);
  first.write(requestOf(app.key).repeat(30));
  const answers = await answersOf(first);
  await service.stop();
  t.equal(answers.length, 30, 'all 30 answered');
  t.same(await counted(started.usage), { app: 30 }, 'and counted');
});

t.test('an answer the drain cuts at its deadline, and one whose client left, are not counted', async (t) => {
  const gate = new Gate();
  const { service, usage } = await serviceWith(t, { DRAIN_TIMEOUT_MS: '300' }, gatedStorage(gate, new Set([2])));
  const answered = await WireConnection.open(service.port);
  const stuck = await WireConnection.open(service.port);
  const leaves = await WireConnection.open(service.port);
  answered.write(requestOf(shop.key));
  stuck.write(requestOf(shop.key, '/doggies/2/'));
  leaves.write(requestOf(app.key));
  await gate.until(2);
  leaves.close();
  await new Promise((resolve) => setTimeout(resolve, 50));
  const stopping = service.stop();
  gate.open();
  t.match(await answersOf(answered), [{ status: 200 }], 'the one answered');
  t.same(await answersOf(stuck), [], 'the stuck one cut at the deadline, unanswered');
  await stopping;
  t.same(await counted(usage), { shop: 1 }, 'only the answer written is counted');
});
