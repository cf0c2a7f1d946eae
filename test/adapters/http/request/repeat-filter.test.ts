import t from 'tap';
import { REPEAT_FILTER_SLOTS, RepeatFilter } from '../../../../src/adapters/http/request/repeat-filter.js';

t.test('a string is new the first time, seen the next times', async (t) => {
  const filter = new RepeatFilter();
  t.equal(filter.seenBefore('application/json; version=2.1.0'), false, 'first time');
  t.equal(filter.seenBefore('application/json; version=2.1.0'), true, 'second time');
  t.equal(filter.seenBefore('application/json; version=2.1.0'), true, 'third time');
  t.equal(filter.seenBefore('application/json; version=3.0.0'), false, 'another string is new');
  t.equal(filter.seenBefore(''), false, 'the empty string is new');
  t.equal(filter.seenBefore(''), true, 'and then seen');
});

t.test('it holds a bounded number of strings: after a flood of others, early ones are new again', async (t) => {
  const filter = new RepeatFilter();
  const early = Array.from({ length: 100 }, (_, index) => `early ${index}`);
  for (const text of early) filter.seenBefore(text);
  const strings = REPEAT_FILTER_SLOTS * 4;
  let claimedSeen = 0;
  for (let index = 0; index < strings; index += 1) if (filter.seenBefore(`flood ${index}`)) claimedSeen += 1;
  t.ok(claimedSeen < strings / 1000, `strings each sent once are almost never taken as seen (${claimedSeen} of ${strings})`);
  const stillSeen = early.filter((text) => filter.seenBefore(text)).length;
  t.ok(stillSeen <= 10, `early strings lost their slots: ${stillSeen} of 100 still seen (about 2 expected)`);
});

t.test('it reads the whole string, so strings that differ only at the end are told apart', async (t) => {
  const filter = new RepeatFilter();
  const prefix = 'x'.repeat(2000);
  filter.seenBefore(`${prefix}a`);
  t.equal(filter.seenBefore(`${prefix}b`), false, 'a different last character: new');
  t.equal(filter.seenBefore(`${prefix}a`), true, 'the first one: seen');
});
