import t from 'tap';
import { CalendarDate, DAY_MS } from '../../../src/domain/records/calendar-date.js';

const date = (text: string): CalendarDate => CalendarDate.parse(text) as CalendarDate;

t.test('parse accepts real calendar dates written YYYY-MM-DD', async (t) => {
  for (const text of ['2014-05-06', '2016-02-29', '2000-02-29', '0001-01-01', '9999-12-31', '2026-12-31', '2026-04-30']) {
    t.equal(CalendarDate.parse(text)?.toString(), text, `${text} is a date`);
  }
});

t.test('parse refuses what is not a real date in that form', async (t) => {
  const refused = [
    '2021-02-29',
    '1900-02-29',
    '2026-13-01',
    '2026-00-10',
    '2026-04-31',
    '2026-01-00',
    '2026-01-32',
    '0000-01-01',
    '2026-1-1',
    '26-01-01',
    '2026/01/01',
    '2026-01-01T00:00:00Z',
    ' 2026-01-01',
    '',
    'today',
    '+12026-01-01',
    '２０２６-01-01',
  ];
  for (const text of refused) t.equal(CalendarDate.parse(text), undefined, `${JSON.stringify(text)} is refused`);
});

t.test('daysSince counts whole days across months, leap days and centuries', async (t) => {
  const cases: [string, string, number][] = [
    ['2026-01-01', '2026-01-01', 0],
    ['2026-01-01', '2026-01-02', 1],
    ['2026-01-02', '2026-01-01', -1],
    ['2024-02-28', '2024-03-01', 2],
    ['2023-02-28', '2023-03-01', 1],
    ['2000-01-01', '2001-01-01', 366],
    ['1900-01-01', '1901-01-01', 365],
    ['1970-01-01', '2026-11-22', 20_779],
    ['0001-01-01', '9999-12-31', 3_652_058],
  ];
  for (const [from, to, days] of cases) t.equal(date(to).daysSince(date(from)), days, `${from} to ${to} is ${days} days`);
});

t.test('daysSince agrees with Date.UTC on 2000 seeded dates from 1600 to 2400', async (t) => {
  let seed = 42;
  const next = (below: number): number => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed % below;
  };
  const epoch = date('1970-01-01');
  let disagreements = 0;
  for (let i = 0; i < 2000; i += 1) {
    const [year, month, day] = [1600 + next(800), 1 + next(12), 1 + next(28)];
    const text = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    const utc = new Date(0);
    utc.setUTCFullYear(year, month - 1, day);
    if (date(text).daysSince(epoch) !== utc.getTime() / 86_400_000) disagreements += 1;
  }
  t.equal(disagreements, 0, 'no date disagrees');
});

t.test('utcDateOf takes the UTC calendar date of an instant', async (t) => {
  t.equal(CalendarDate.utcDateOf(new Date('2026-11-22T23:59:59.999Z')).toString(), '2026-11-22', 'end of day');
  t.equal(CalendarDate.utcDateOf(new Date('2026-11-22T00:00:00+02:00')).toString(), '2026-11-21', 'an offset instant');
  t.equal(CalendarDate.utcDateOf(new Date('0099-03-01T00:00:00Z')).toString(), '0099-03-01', 'a year below 100 stays itself');
});

t.test('equality and JSON form', async (t) => {
  t.ok(date('2026-11-22').equals(date('2026-11-22')), 'equal dates');
  t.notOk(date('2026-11-22').equals(date('2026-11-23')), 'different dates');
  t.equal(JSON.stringify({ d: date('2016-02-29') }), '{"d":"2016-02-29"}', 'serializes as YYYY-MM-DD');
});

t.test('the first millisecond of a date, UTC, as Date.UTC counts it', async (t) => {
  for (const text of ['1970-01-01', '2016-02-29', '0001-01-01', '9999-12-31']) {
    t.equal(date(text).startMs(), Date.parse(`${text}T00:00:00Z`), text);
  }
  t.equal(date('2026-11-23').startMs() - date('2026-11-22').startMs(), DAY_MS, 'a day apart is DAY_MS');
});
