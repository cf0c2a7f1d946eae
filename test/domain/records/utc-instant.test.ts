import t from 'tap';
import { parseUtcInstant } from '../../../src/domain/records/utc-instant.js';

t.test('an RFC 3339 UTC instant to the second, YYYY-MM-DDTHH:MM:SSZ, in milliseconds since the epoch', async (t) => {
  for (const text of ['2027-03-01T14:00:00Z', '1970-01-01T00:00:00Z', '2028-02-29T23:59:59Z', '0001-01-01T00:00:00Z', '9999-12-31T23:59:59Z']) {
    t.equal(parseUtcInstant(text), Date.parse(text), text);
  }
});

t.test('any other form, an impossible date or time, and a leap second are refused', async (t) => {
  const refused = [
    '2027-03-01T14:00:00.000Z',
    '2027-03-01T14:00:00+00:00',
    '2027-03-01T14:00:00',
    '2027-03-01 14:00:00Z',
    '2027-03-01t14:00:00z',
    '2027-03-01T14:00Z',
    '2027-03-01',
    '2027-02-29T12:00:00Z',
    '2027-03-01T24:00:00Z',
    '2027-03-01T14:60:00Z',
    '2027-03-01T14:00:60Z',
    '2016-12-31T23:59:60Z',
    ' 2027-03-01T14:00:00Z',
    '',
  ];
  for (const text of refused) t.equal(parseUtcInstant(text), undefined, JSON.stringify(text));
});
