import { PassThrough } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import t from 'tap';
import { forwardWholeLines, MAX_HELD_BYTES, type LineTarget } from '../../../src/adapters/process/whole-line-forwarder.js';

/** A target that keeps each write; `full` makes it answer false, and `flushed` then waits for `drain()`. */
function recordingTarget(): LineTarget & { writes: string[]; full: boolean; drain(): void } {
  let waiting: (() => void)[] = [];
  return {
    writes: [],
    full: false,
    write(bytes) {
      this.writes.push(Buffer.from(bytes).toString('utf8'));
      return !this.full;
    },
    flushed: () => new Promise((resolve) => waiting.push(resolve)),
    drain() {
      this.full = false;
      const resolvers = waiting;
      waiting = [];
      for (const resolve of resolvers) resolve();
    },
  };
}

/** One source copied to a recording target. */
function forwarding(): { source: PassThrough; target: ReturnType<typeof recordingTarget>; copied: Promise<void> } {
  const target = recordingTarget();
  const source = new PassThrough();
  return { source, target, copied: forwardWholeLines(source, target) };
}

t.test('lines that two sources split across their chunks reach the target whole, never mixed', async (t) => {
  const target = recordingTarget();
  const first = new PassThrough();
  const second = new PassThrough();
  const copied = [forwardWholeLines(first, target), forwardWholeLines(second, target)];
  first.write('{"w":1,"n":1}\n{"w":1,');
  await nextTurn();
  second.write('{"w":2,"n":1}\n{"w":2,"n"');
  await nextTurn();
  first.write('"n":2}\n');
  await nextTurn();
  second.write(':2}\n{"w":2,"n":3}\n');
  first.end();
  second.end();
  await Promise.all(copied);
  const text = target.writes.join('');
  t.strictSame(
    text
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as unknown),
    [
      { w: 1, n: 1 },
      { w: 2, n: 1 },
      { w: 1, n: 2 },
      { w: 2, n: 2 },
      { w: 2, n: 3 },
    ],
    'every line whole, each in the order its end arrived',
  );
  t.ok(text.endsWith('\n'), 'nothing is left after the last line');
});

t.test('a source that closes in the middle of a line: what came is written, with a newline, before the copy settles', async (t) => {
  const { source, target, copied: copying } = forwarding();
  let settled = false;
  const copied = copying.then(() => (settled = true));
  source.write('whole\npart');
  await nextTurn();
  t.strictSame(target.writes, ['whole\n'], 'the part is held');
  t.notOk(settled, 'not settled while the source is open');
  source.end();
  await copied;
  t.strictSame(target.writes.join(''), 'whole\npart\n', 'the part goes out, ended');
});

t.test('a target that is full pauses the source until it has flushed', async (t) => {
  const { source, target, copied } = forwarding();
  target.full = true;
  source.write('one\n');
  await nextTurn();
  t.ok(source.isPaused(), 'paused once the target answers false');
  source.write('two\n');
  await nextTurn();
  t.strictSame(target.writes, ['one\n'], 'nothing more is read while paused');
  target.drain();
  await nextTurn();
  t.notOk(source.isPaused(), 'resumed once the target has flushed');
  source.end();
  await copied;
  t.strictSame(target.writes.join(''), 'one\ntwo\n', 'and the rest follows, in order');
});

t.test('a line longer than MAX_HELD_BYTES is passed on before it ends, so the primary holds bounded memory', async (t) => {
  const { source, target, copied } = forwarding();
  const piece = 'x'.repeat(64 * 1024);
  for (let held = 0; held <= MAX_HELD_BYTES; held += piece.length) {
    source.write(piece);
    await nextTurn();
  }
  const written = target.writes.join('');
  t.ok(written.length > MAX_HELD_BYTES, 'what was held is written', { length: written.length });
  source.end('end\n');
  await copied;
  t.equal(target.writes.join(''), `${'x'.repeat(written.length)}end\n`, 'followed by the rest of the line, nothing lost or doubled');
});

t.test('a source that fails ends its copy without an unhandled error', async (t) => {
  const { source, target, copied } = forwarding();
  source.write('kept\nheld');
  await nextTurn();
  source.destroy(new Error('read failed'));
  await copied;
  t.equal(target.writes.join(''), 'kept\nheld\n', 'what came before the failure is written');
});
