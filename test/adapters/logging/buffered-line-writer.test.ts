import t from 'tap';
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import { BufferedLineWriter, FLUSH_INTERVAL_MS, MAX_PENDING_CHARS } from '../../../src/adapters/logging/buffered-line-writer.js';

// Long enough that a turn of the event loop ends well within it on a busy machine; the tests wait for the writes
// themselves, and sleep only to see that something does not happen.
const INTERVAL_MS = 200;
const afterInterval = (): Promise<void> => sleep(INTERVAL_MS + 20);

/** A write target that records each write and says when the next one comes. */
function recorder(): { writes: string[]; write: (text: string) => void; nextWrite: () => Promise<void> } {
  const writes: string[] = [];
  let written: (() => void) | undefined;
  return {
    writes,
    write: (text) => {
      writes.push(text);
      written?.();
    },
    nextWrite: () => new Promise<void>((resolve) => (written = resolve)),
  };
}

t.test('lines written within the interval go out together, in order, when it ends', async (t) => {
  const { writes, write, nextWrite } = recorder();
  const writer = new BufferedLineWriter(write, INTERVAL_MS);
  const firstWrite = nextWrite();
  writer.sink('{"a":1}');
  await nextTurn();
  writer.sink('{"b":2}');
  t.same(writes, [], 'nothing written at once');
  await nextTurn();
  t.same(writes, [], 'nor at the end of the turn');
  await firstWrite;
  t.same(writes, ['{"a":1}\n{"b":2}\n'], 'one write of both lines, each ended by a newline');
  const secondWrite = nextWrite();
  writer.sink('{"c":3}');
  await secondWrite;
  t.same(writes, ['{"a":1}\n{"b":2}\n', '{"c":3}\n'], 'a later interval: a later write');
});

t.test('by default a line is written once FLUSH_INTERVAL_MS has passed', async (t) => {
  const { writes, write, nextWrite } = recorder();
  const writer = new BufferedLineWriter(write);
  const written = nextWrite();
  const sunk = performance.now();
  writer.sink('line');
  await written;
  t.same(writes, ['line\n'], 'written');
  t.ok(performance.now() - sunk >= FLUSH_INTERVAL_MS - 1, `after FLUSH_INTERVAL_MS (${FLUSH_INTERVAL_MS} ms), not before`);
});

t.test('flush writes what waits at once, and nothing when nothing waits', async (t) => {
  const writes: string[] = [];
  const writer = new BufferedLineWriter((text) => writes.push(text), INTERVAL_MS);
  writer.flush();
  t.same(writes, [], 'nothing waits: no write');
  writer.sink('one');
  writer.flush();
  t.same(writes, ['one\n'], 'written by flush');
  await afterInterval();
  t.same(writes, ['one\n'], 'not written a second time at the end of the interval');
});

t.test('past MAX_PENDING_CHARS the lines are written without waiting for the interval to end', async (t) => {
  const writes: string[] = [];
  const writer = new BufferedLineWriter((text) => writes.push(text), INTERVAL_MS);
  const line = 'x'.repeat(1023);
  const lines = MAX_PENDING_CHARS / (line.length + 1);
  for (let index = 0; index < lines; index += 1) writer.sink(line);
  t.equal(writes.length, 1, 'written as soon as the limit is reached');
  t.equal(writes[0]?.length, MAX_PENDING_CHARS, 'every waiting line in that write');
  writer.sink('after');
  await nextTurn();
  t.same(writes.slice(1), [], 'what came later waits');
  await afterInterval();
  t.same(writes.slice(1), ['after\n'], 'until the end of the interval');
});
