import t from 'tap';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { BufferedLineWriter, MAX_PENDING_CHARS } from '../../../src/adapters/http/buffered-line-writer.js';

t.test('lines written in one turn go out together, in order, at the end of the turn', async (t) => {
  const writes: string[] = [];
  const writer = new BufferedLineWriter((text) => writes.push(text));
  writer.sink('{"a":1}');
  writer.sink('{"b":2}');
  t.same(writes, [], 'nothing written during the turn');
  await nextTurn();
  t.same(writes, ['{"a":1}\n{"b":2}\n'], 'one write of both lines, each ended by a newline');
  writer.sink('{"c":3}');
  await nextTurn();
  t.same(writes, ['{"a":1}\n{"b":2}\n', '{"c":3}\n'], 'a later turn: a later write');
});

t.test('flush writes what waits at once, and nothing when nothing waits', async (t) => {
  const writes: string[] = [];
  const writer = new BufferedLineWriter((text) => writes.push(text));
  writer.flush();
  t.same(writes, [], 'nothing waits: no write');
  writer.sink('one');
  writer.flush();
  t.same(writes, ['one\n'], 'written by flush');
  await nextTurn();
  t.same(writes, ['one\n'], 'not written a second time at the end of the turn');
});

t.test('past MAX_PENDING_CHARS the lines are written without waiting for the turn to end', async (t) => {
  const writes: string[] = [];
  const writer = new BufferedLineWriter((text) => writes.push(text));
  const line = 'x'.repeat(1023);
  const lines = MAX_PENDING_CHARS / (line.length + 1);
  for (let index = 0; index < lines; index += 1) writer.sink(line);
  t.equal(writes.length, 1, 'written as soon as the limit is reached');
  t.equal(writes[0]?.length, MAX_PENDING_CHARS, 'every waiting line in that write');
  writer.sink('after');
  await nextTurn();
  t.same(writes.slice(1), ['after\n'], 'what came later waits for the end of the turn');
});
