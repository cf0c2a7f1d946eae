import { EventEmitter } from 'node:events';
import { setTimeout as delay } from 'node:timers/promises';
import t from 'tap';
import { FLUSH_ALLOWANCE_MS, STOP_SIGNALS, StopRequests, stopDeadlineMs } from '../../../src/adapters/process/stop-requests.js';

/** A process's stop with its signals from an emitter, the stop's end in the test's hands, and what it logged and exited with. */
function stoppable(deadlineMs = 60_000, stop?: (reason: string) => Promise<number>) {
  const signals = new EventEmitter();
  const stops: string[] = [];
  const exits: number[] = [];
  const lines: [string, string, Record<string, unknown>][] = [];
  let finish!: (code: number) => void;
  const requests = new StopRequests({
    stop:
      stop ??
      ((reason) => {
        stops.push(reason);
        return new Promise<number>((resolve) => (finish = resolve));
      }),
    exit: (code) => exits.push(code),
    deadlineMs: () => deadlineMs,
    info: (message, fields) => lines.push(['info', message, fields]),
    error: (message, fields) => lines.push(['error', message, fields]),
  });
  requests.listen(signals);
  const signal = (name: NodeJS.Signals): boolean => signals.emit(name, name);
  return { requests, signal, stops, exits, lines, finish: (code: number) => finish(code) };
}

t.test('the first signal runs the stop; every later one, of either kind, is logged and changes nothing', async (t) => {
  const { requests, signal, stops, exits, lines, finish } = stoppable();
  t.same(STOP_SIGNALS, ['SIGTERM', 'SIGINT']);
  t.notOk(requests.requested, 'nothing asked yet');
  signal('SIGTERM');
  t.ok(requests.requested);
  signal('SIGTERM'); // the primary's, after the group's
  signal('SIGINT');
  requests.request('primary gone');
  t.same(stops, ['SIGTERM'], 'one stop');
  t.same(
    lines.map(([level, message, { signal: asked, stopping_on }]) => [level, message, asked, stopping_on]),
    [
      ['info', 'stop already under way', 'SIGTERM', 'SIGTERM'],
      ['info', 'stop already under way', 'SIGINT', 'SIGTERM'],
      ['info', 'stop already under way', 'primary gone', 'SIGTERM'],
    ],
    'a line for each repeated request, naming it and the stop under way',
  );
  t.same(exits, [], 'no exit while the stop runs');
  finish(0);
  await delay(0);
  t.same(exits, [0], 'exit code 0 once it is over');
});

t.test('a fault during the stop, or a stop that calls for it, makes the exit code 1', async (t) => {
  const faulted = stoppable();
  faulted.signal('SIGINT');
  faulted.requests.request('uncaught exception', 1);
  faulted.finish(0);
  await delay(0);
  t.same(faulted.exits, [1], 'a fault after the signal');

  const killed = stoppable();
  killed.requests.request('SIGTERM');
  killed.finish(1);
  await delay(0);
  t.same(killed.exits, [1], "the stop's own code: a worker killed");
});

t.test('a stop past its deadline is logged and the process exits 1 without it, once', async (t) => {
  const { signal, exits, lines, finish } = stoppable(20);
  signal('SIGTERM');
  await delay(60);
  t.match(lines, [['error', 'the stop did not finish in time: exiting without it', { signal: 'SIGTERM', deadline_ms: 20, pid: process.pid }]]);
  t.same(exits, [1]);
  finish(0);
  await delay(0);
  t.same(exits, [1], 'the stop ending late exits nothing more');
});

t.test('a stop that fails is logged and exits 1', async (t) => {
  const { signal, exits, lines } = stoppable(60_000, () => Promise.reject(new Error('pool ended twice')));
  signal('SIGINT');
  await delay(0);
  t.match(lines, [['error', 'the stop failed', { signal: 'SIGINT', error: 'Error: pool ended twice' }]]);
  t.same(exits, [1]);
});

t.test('the deadline: the drain, then the last flush and output', async (t) => {
  t.equal(stopDeadlineMs(10_000), 10_000 + FLUSH_ALLOWANCE_MS);
});
