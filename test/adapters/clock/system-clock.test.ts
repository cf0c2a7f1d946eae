import t from 'tap';
import { SystemClock } from '../../../src/adapters/clock/system-clock.js';

const utcToday = (): string => new Date().toISOString().slice(0, 10);

t.test("the system clock gives today's UTC date", async (t) => {
  const before = utcToday();
  const today = new SystemClock().today().toString();
  const after = utcToday();
  t.ok(today === before || today === after, `${today} is the UTC date read just before (${before}) or after (${after})`);
  t.match(today, /^\d{4}-\d{2}-\d{2}$/, 'written YYYY-MM-DD');
});

const at = (instant: string) => () => new Date(instant).getTime();

t.test('the system clock reads the time at each call', async (t) => {
  let instant = '';
  const clock = new SystemClock(() => new Date(instant).getTime());
  for (instant of [
    '2026-11-22T23:59:59.999Z',
    '2026-11-23T00:00:00.000Z',
    '2024-02-29T12:00:00Z',
    '2000-01-01T00:00:00Z',
    '2000-01-01T23:59:59.999Z',
    '2000-01-02T00:00:00.000Z',
    '2000-01-01T23:59:59.999Z',
    '1969-12-31T23:59:59.999Z',
  ]) {
    t.equal(clock.today().toString(), instant.slice(0, 10), `at ${instant} today is ${instant.slice(0, 10)}`);
  }
});

t.test('within one day the same date is given again, not built anew', async (t) => {
  let instant = '2026-11-22T00:00:00.000Z';
  const clock = new SystemClock(() => new Date(instant).getTime());
  const first = clock.today();
  instant = '2026-11-22T23:59:59.999Z';
  t.equal(clock.today(), first, 'the same object all day');
  instant = '2026-11-23T00:00:00.000Z';
  t.not(clock.today(), first, 'a new one the next day');
});

t.test('the date is the UTC one, whatever the local time zone', async (t) => {
  const saved = process.env['TZ'];
  t.teardown(() => {
    if (saved === undefined) delete process.env['TZ'];
    else process.env['TZ'] = saved;
  });
  const cases: [string, string, string, string][] = [
    ['Pacific/Kiritimati', '2026-11-22T12:00:00Z', '2026-11-23', 'UTC+14, where it is already tomorrow'],
    ['Pacific/Pago_Pago', '2026-11-22T08:00:00Z', '2026-11-21', 'UTC-11, where it is still yesterday'],
  ];
  for (const [zone, instant, localDate, what] of cases) {
    process.env['TZ'] = zone;
    const now = new Date(instant);
    const local = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
    t.equal(local, localDate, `${zone} (${what}): the local date differs from the UTC one`);
    t.equal(new SystemClock(at(instant)).today().toString(), instant.slice(0, 10), `${zone}: today is the UTC date`);
  }
});
