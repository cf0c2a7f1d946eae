import t from 'tap';
import { IsoTimestamps } from '../../../../src/adapters/http/observers/iso-timestamps.js';

t.test('the time of the clock as ISO 8601, new text only when the millisecond changes', async (t) => {
  const instants = [0, 0, 1, 1_795_305_600_123];
  const timestamps = new IsoTimestamps(() => instants.shift() as number);
  const first = timestamps.current();
  t.equal(first, '1970-01-01T00:00:00.000Z', 'the first millisecond');
  t.equal(timestamps.current(), first, 'the same millisecond: the same text');
  t.equal(timestamps.current(), '1970-01-01T00:00:00.001Z', 'the next millisecond');
  t.equal(timestamps.current(), new Date(1_795_305_600_123).toISOString(), 'any later time');
});

t.test('by default, the system clock', async (t) => {
  const before = Date.now();
  const now = Date.parse(new IsoTimestamps().current());
  t.ok(now >= before && now <= Date.now(), 'now');
});
