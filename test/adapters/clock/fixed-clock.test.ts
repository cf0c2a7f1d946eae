import t from 'tap';
import { FixedClock } from '../../../src/adapters/clock/fixed-clock.js';
import { CalendarDate } from '../../../src/domain/records/calendar-date.js';

t.test('a fixed clock always gives its date', async (t) => {
  for (const text of ['2026-11-22', '2024-02-29', '0001-01-01', '9999-12-31']) {
    const date = CalendarDate.parse(text) as CalendarDate;
    const clock = new FixedClock(date);
    t.equal(clock.today(), date, `${text}: the very date given`);
    t.equal(clock.today().toString(), text, `${text}: again, unchanged`);
  }
});
