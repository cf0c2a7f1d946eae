import t from 'tap';
import { dogAge, dogYears } from '../../../src/domain/dogs/dog-age.js';
import { CalendarDate } from '../../../src/domain/records/calendar-date.js';

const date = (text: string): CalendarDate => CalendarDate.parse(text) as CalendarDate;

t.test('age is floor(days / 365), toward minus infinity', async (t) => {
  const cases: [string, string, number, string][] = [
    ['2014-05-06', '2026-11-22', 12, 'Biko on the reference day'],
    ['2026-11-22', '2026-11-22', 0, 'born today'],
    ['2025-11-22', '2026-11-22', 1, 'exactly 365 days'],
    ['2025-11-23', '2026-11-22', 0, '364 days'],
    ['2023-11-22', '2024-11-21', 1, '365 days across a leap day is one year'],
    ['2023-11-22', '2024-11-20', 0, '364 days across a leap day'],
    ['2016-02-29', '2017-02-28', 1, 'a leap-day birthday a year on (365 days)'],
    ['2016-02-29', '2026-11-22', 10, 'a leap-day birthday ten years on'],
    ['2000-01-01', '2026-11-22', 26, 'days/365 drifts from calendar years: 9822 days'],
    ['2026-11-23', '2026-11-22', -1, 'born tomorrow: -1, as Python // gives'],
    ['2027-11-22', '2026-11-22', -1, 'exactly 365 days in the future'],
    ['2027-11-23', '2026-11-22', -2, '366 days in the future'],
  ];
  for (const [birthday, today, age, message] of cases) t.equal(dogAge(date(birthday), date(today)), age, message);
});

t.test('dog years are seven per human year', async (t) => {
  t.equal(dogYears(12), 84);
  t.equal(dogYears(0), 0);
  t.equal(dogYears(-1), -7);
});
