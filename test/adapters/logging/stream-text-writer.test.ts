import { Writable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import t from 'tap';
import { StreamTextWriter } from '../../../src/adapters/logging/stream-text-writer.js';

/** A stream that keeps what it is given, or fails every write with `failure`. */
function streamThat(failure?: NodeJS.ErrnoException): { stream: Writable; chunks: unknown[] } {
  const chunks: unknown[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(chunk);
      done(failure);
    },
  });
  return { stream, chunks };
}

function epipe(): NodeJS.ErrnoException {
  return Object.assign(new Error('write EPIPE'), { code: 'EPIPE' });
}

t.test('text goes to the stream as its UTF-8 bytes, in order', async (t) => {
  const { stream, chunks } = streamThat();
  const failures: Error[] = [];
  const writer = new StreamTextWriter(stream, (error) => failures.push(error));
  writer.write('{"a":1}\n');
  writer.write('{"name":"Łajka"}\n');
  await nextTurn();
  t.ok(
    chunks.every((chunk) => Buffer.isBuffer(chunk)),
    'each write is bytes',
  );
  t.equal(Buffer.concat(chunks as Buffer[]).toString('utf8'), '{"a":1}\n{"name":"Łajka"}\n', 'the text, whole and in order');
  t.strictSame(failures, [], 'no failure reported');
});

t.test('a failing stream is reported once and everything after it is dropped, without an unhandled error', async (t) => {
  const { stream, chunks } = streamThat(epipe());
  const failures: Error[] = [];
  const writer = new StreamTextWriter(stream, (error) => failures.push(error));
  writer.write('first\n');
  writer.write('second, written before the failure is known\n');
  await nextTurn();
  await nextTurn();
  t.equal(failures.length, 1, 'reported once');
  t.match(failures[0], { code: 'EPIPE' }, "with the stream's error");
  const tried = chunks.length;
  writer.write('after\n');
  writer.write('and after\n');
  await nextTurn();
  t.equal(chunks.length, tried, 'nothing more is handed to the stream');
  t.equal(failures.length, 1, 'and nothing more is reported');
});

t.test('with nowhere to report it (stderr), a failing stream drops what follows, and nothing throws', async (t) => {
  const { stream, chunks } = streamThat(epipe());
  const writer = new StreamTextWriter(stream);
  writer.write('first\n');
  await nextTurn();
  await nextTurn();
  const tried = chunks.length;
  t.equal(writer.write('after\n'), true, 'a write after the failure is dropped, as one the stream took');
  await nextTurn();
  t.equal(chunks.length, tried, 'nothing more is handed to the stream');
});

t.test('a stream that emits more than one error is still reported once', async (t) => {
  const { stream } = streamThat();
  const failures: Error[] = [];
  new StreamTextWriter(stream, (error) => failures.push(error));
  stream.emit('error', epipe());
  stream.emit('error', new Error('and another'));
  t.equal(failures.length, 1, 'reported once');
  t.match(failures[0], { code: 'EPIPE' }, 'the first error');
});

t.test('bytes go to the stream as they are; a write answers false once the stream holds more than it wants', async (t) => {
  const completions: (() => void)[] = [];
  const chunks: Buffer[] = [];
  const stream = new Writable({
    highWaterMark: 8,
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      completions.push(() => done());
    },
  });
  const writer = new StreamTextWriter(stream, () => {});
  const bytes = Buffer.from('four');
  t.equal(writer.write(bytes), true, 'below the mark: true');
  t.equal(writer.write('more than eight\n'), false, 'above it: false');
  t.equal(chunks[0], bytes, 'the very bytes given');
  let flushed = false;
  const done = writer.flushed().then(() => (flushed = true));
  await nextTurn();
  t.notOk(flushed, 'flushed waits while writes are pending');
  while (completions.length > 0) {
    completions.shift()?.();
    await nextTurn();
  }
  await done;
  t.equal(Buffer.concat(chunks).toString('utf8'), 'fourmore than eight\n', 'everything was written before flushed settled');
});

t.test('flushed settles at once when nothing waits, and when the stream has failed', async (t) => {
  const idle = new StreamTextWriter(streamThat().stream, () => {});
  await idle.flushed();
  t.pass('nothing waiting: settled');

  const pending: ((error?: Error) => void)[] = [];
  const stream = new Writable({
    write(_chunk, _encoding, done) {
      pending.push(done);
    },
  });
  const failures: Error[] = [];
  const writer = new StreamTextWriter(stream, (error) => failures.push(error));
  writer.write('waits\n');
  const flushed = writer.flushed();
  pending.shift()?.(epipe());
  await flushed;
  t.pass('a stream that fails with a write pending settles flushed');
  await nextTurn();
  t.equal(failures.length, 1, 'the failure is reported');
  writer.write('dropped\n');
  await writer.flushed();
  t.pass('and after the failure flushed settles at once');
});
