import { EventEmitter } from 'node:events';
import type { Worker } from 'node:cluster';
import { setTimeout as delay } from 'node:timers/promises';
import t from 'tap';
import { WorkerSupervisor, type ClusterControl } from '../../../src/adapters/process/worker-supervisor.js';

/** node:cluster's side of the supervisor, with workers that are plain objects: they listen, die and get signals on demand. */
class FakeCluster extends EventEmitter implements ClusterControl {
  readonly workers: FakeWorker[] = [];

  fork(): Worker {
    const worker = new FakeWorker(this, 1000 + this.workers.length);
    this.workers.push(worker);
    return worker as unknown as Worker;
  }

  live(): FakeWorker[] {
    return this.workers.filter((worker) => !worker.dead);
  }
}

class FakeWorker extends EventEmitter {
  readonly signals: string[] = [];
  dead = false;
  readonly process: { pid: number; kill: (signal: string) => void };

  constructor(
    private readonly cluster: FakeCluster,
    pid: number,
  ) {
    super();
    this.process = { pid, kill: (signal) => this.signals.push(signal) };
  }

  listen(): void {
    this.emit('listening');
  }

  die(code: number | null, signal: string | null = null): void {
    this.dead = true;
    this.cluster.emit('exit', this, code, signal);
  }
}

function supervised(workers: number, killAfterMs?: number) {
  const cluster = new FakeCluster();
  const clock = { ms: 0 };
  const info: [string, Record<string, unknown> | undefined][] = [];
  const errors: [string, Record<string, unknown> | undefined][] = [];
  const supervisor = new WorkerSupervisor(cluster, {
    workers,
    backoff: { firstMs: 1, longestMs: 4, stableAfterMs: 50 },
    now: () => clock.ms,
    ...(killAfterMs === undefined ? {} : { killAfterMs }),
    info: (message, fields) => info.push([message, fields]),
    error: (message, fields) => errors.push([message, fields]),
  });
  supervisor.start();
  return { cluster, clock, supervisor, info, errors };
}

/** Waits (bounded) for the replacement of a dead worker to be forked. */
async function forked(cluster: FakeCluster, count: number): Promise<void> {
  for (let tries = 0; tries < 1000 && cluster.workers.length < count; tries += 1) await delay(5);
}

t.test('workers that keep dying are replaced after a wait that doubles up to a ceiling, and starts over after a stable run', async (t) => {
  const { cluster, clock, errors, supervisor } = supervised(1);
  cluster.workers[0]?.listen();
  for (let death = 0; death < 4; death += 1) {
    cluster.live()[0]?.die(1);
    await forked(cluster, death + 2);
  }
  t.same(
    errors.map(([, fields]) => fields?.['restart_in_ms']),
    [1, 2, 4, 4],
    'quick deaths: 1, 2, 4 ms, then the ceiling',
  );
  clock.ms += 50;
  cluster.live()[0]?.die(null, 'SIGKILL');
  t.same(
    errors.at(-1),
    ['worker died; replacing it', { pid: 1004, code: null, signal: 'SIGKILL', restart_in_ms: 1 }],
    'after a stable run the wait starts over',
  );
  await forked(cluster, 6);
  supervisor.stop('SIGTERM');
  cluster.live()[0]?.die(0);
  t.equal(await supervisor.done, 0, 'stopped: exit code 0');
});

t.test('a stop cancels a pending replacement, asks every live worker to drain, and a second stop changes nothing', async (t) => {
  const { cluster, info, supervisor } = supervised(3);
  cluster.workers.forEach((worker) => worker.listen());
  cluster.workers[0]?.die(1);
  supervisor.stop('SIGTERM');
  supervisor.stop('SIGINT');
  t.same(
    info.filter(([message]) => message === 'stopping'),
    [['stopping', { signal: 'SIGTERM', workers: 2 }]],
    'one stop',
  );
  t.same(
    cluster.live().map((worker) => worker.signals),
    [['SIGTERM'], ['SIGTERM']],
    'each live worker got SIGTERM once',
  );
  cluster.live().forEach((worker) => worker.die(0));
  t.equal(await supervisor.done, 0, 'exit code 0 once all have exited');
  await delay(20);
  t.equal(cluster.workers.length, 3, 'the dead worker was not replaced');
});

t.test('a worker that refuses to start before any served stops the others: exit code 1', async (t) => {
  const { cluster, errors, supervisor } = supervised(2);
  cluster.workers[0]?.die(1);
  t.same(errors, [['a worker refused to start; stopping the others', { pid: 1000, code: 1, signal: null }]]);
  t.same(cluster.workers[1]?.signals, ['SIGTERM'], 'the other is asked to stop');
  cluster.workers[1]?.die(1);
  t.equal(await supervisor.done, 1, 'exit code 1');
});

t.test('a stop with no live worker finishes at once', async (t) => {
  const { cluster, supervisor } = supervised(1);
  cluster.workers[0]?.listen();
  cluster.workers[0]?.die(0);
  supervisor.stop('SIGTERM');
  t.equal(await supervisor.done, 0);
});

t.test('at a stop, a line per worker: drained, stopped before serving, or killed, which makes the exit code 1', async (t) => {
  const { cluster, info, errors, supervisor } = supervised(3);
  const [drains, killed, starting] = cluster.workers as [FakeWorker, FakeWorker, FakeWorker];
  drains.listen();
  killed.listen();
  supervisor.stop('SIGINT');
  drains.die(0);
  killed.die(null, 'SIGTERM');
  starting.die(null, 'SIGTERM');
  t.same(
    info.filter(([message]) => message.startsWith('worker')),
    [
      ['worker stopped', { pid: 1000, exit_code: 0, signal: null, drained: true }],
      ['worker stopped before serving', { pid: 1002, exit_code: null, signal: 'SIGTERM', drained: false }],
    ],
    'the one that drained, and the one that had not served yet',
  );
  t.same(
    errors,
    [
      [
        'worker stopped without draining (SIGTERM): what it had not answered or stored is lost',
        { pid: 1001, exit_code: null, signal: 'SIGTERM', drained: false },
      ],
    ],
    'the one killed by a signal mid-drain',
  );
  t.equal(await supervisor.done, 1, 'exit code 1');
});

t.test('a served worker that exits otherwise than 0 at a stop did not drain either', async (t) => {
  const { cluster, errors, supervisor } = supervised(1);
  cluster.workers[0]?.listen();
  supervisor.stop('SIGTERM');
  cluster.workers[0]?.die(1);
  t.match(errors, [['worker stopped without draining (exit code 1): what it had not answered or stored is lost', { exit_code: 1, drained: false }]]);
  t.equal(await supervisor.done, 1);
});

t.test('workers still running killAfterMs after the stop began are killed, and said so', async (t) => {
  const { cluster, errors, supervisor } = supervised(2, 20);
  cluster.workers.forEach((worker) => worker.listen());
  supervisor.stop('SIGTERM');
  cluster.workers[0]?.die(0);
  await delay(50);
  t.same(cluster.workers[1]?.signals, ['SIGTERM', 'SIGKILL'], 'SIGTERM, then SIGKILL');
  t.same(cluster.workers[0]?.signals, ['SIGTERM'], 'not the one gone already');
  t.same(errors, [['worker still stopping: killed', { pid: 1001, after_ms: 20 }]]);
  cluster.workers[1]?.die(null, 'SIGKILL');
  t.equal(await supervisor.done, 1, 'exit code 1');
});

t.test('a worker that drained on a signal of its own (exit code 0) is said to have stopped, and replaced', async (t) => {
  const { cluster, info, errors, supervisor } = supervised(1);
  cluster.workers[0]?.listen();
  cluster.workers[0]?.die(0);
  t.same(info.at(-1), ['worker stopped', { pid: 1000, exit_code: 0, signal: null, drained: true, restart_in_ms: 1 }]);
  t.same(errors, [], 'not an error');
  await forked(cluster, 2);
  t.equal(cluster.workers.length, 2, 'replaced');
  supervisor.stop('SIGTERM');
  cluster.workers[1]?.die(0);
  t.equal(await supervisor.done, 0);
});
