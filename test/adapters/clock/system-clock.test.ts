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

/** Runs `body` while `new Date()` gives `instant`; everything else is the real Date. */
function atInstant<T>(instant: string, body: () => T): T {
  const RealDate = Date;
  const fixed = new RealDate(instant).getTime();
  globalThis.Date = class extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(fixed);
      else super(...(args as [string]));
    }
  } as DateConstructor;
  try {
    return body();
  } finally {
    globalThis.Date = RealDate;
  }
}

t.test('the system clock reads the time at each call', async (t) => {
  const clock = new SystemClock();
  for (const instant of ['2026-11-22T23:59:59.999Z', '2026-11-23T00:00:00.000Z', '2024-02-29T12:00:00Z', '2000-01-01T00:00:00Z']) {
    t.equal(atInstant(instant, () => clock.today().toString()), instant.slice(0, 10), `at ${instant} today is ${instant.slice(0, 10)}`);
  }
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
    const local = atInstant(instant, () => {
      const now = new Date();
      return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
    });
    t.equal(local, localDate, `${zone} (${what}): the local date differs from the UTC one`);
    t.equal(atInstant(instant, () => new SystemClock().today().toString()), instant.slice(0, 10), `${zone}: today is the UTC date`);
  }
});
