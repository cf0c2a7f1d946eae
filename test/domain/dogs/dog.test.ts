import t from 'tap';
import { parseDog } from '../../../src/domain/dogs/dog.js';
import { CalendarDate } from '../../../src/domain/records/calendar-date.js';
import { InvalidRecordError } from '../../../src/domain/records/invalid-record-error.js';

const today = CalendarDate.parse('2026-11-22') as CalendarDate;

t.test('a valid dog', async (t) => {
  const dog = parseDog({ id: 1, name: 'Biko', birthday: '2014-05-06' }, today);
  t.same({ id: dog.id, name: dog.name, birthday: dog.birthday.toString() }, { id: 1, name: 'Biko', birthday: '2014-05-06' });
  t.ok(Object.isFrozen(dog), 'records are immutable');
  t.equal(parseDog({ id: 2, name: 'Pup' }, today).birthday, today, 'birthday defaults to today');
  t.equal(parseDog({ id: 3, name: '🐕'.repeat(50) }, today).name.length, 100, '50 emoji (100 UTF-16 units) are 50 characters');
  t.equal(parseDog({ id: Number.MAX_SAFE_INTEGER, name: 'x' }, today).id, Number.MAX_SAFE_INTEGER, 'the largest safe id');
});

t.test('each broken rule is refused, naming the field', async (t) => {
  const cases: [unknown, string | undefined, RegExp, string][] = [
    [null, undefined, /must be an object, got null/, 'null'],
    [[], undefined, /got an array/, 'an array'],
    ['dog', undefined, /got a string/, 'a string'],
    [{ id: 1, name: 'a', age: 3 }, 'age', /unknown field/, 'an unknown field'],
    [JSON.parse('{"id":1,"name":"a","__proto__":{"x":1}}'), '__proto__', /unknown field/, 'a __proto__ key'],
    [{ id: '1', name: 'a' }, 'id', /positive integer, got "1"/, 'a string id'],
    [{ id: 0, name: 'a' }, 'id', /got 0/, 'id 0'],
    [{ id: -1, name: 'a' }, 'id', /got -1/, 'a negative id'],
    [{ id: 1.5, name: 'a' }, 'id', /got 1.5/, 'a fractional id'],
    [{ id: 2 ** 53, name: 'a' }, 'id', /positive integer/, 'an unsafe id'],
    [{ name: 'a' }, 'id', /got nothing/, 'no id'],
    [{ id: 1, name: {} }, 'name', /got an object/, 'an object name'],
    [{ id: 1, name: 'a', ['k'.repeat(1000)]: 1 }, `${'k'.repeat(40)}…`, /^k{40}…: unknown field/, 'a huge unknown key is shortened'],
    [{ id: 1 }, 'name', /must be a string/, 'no name'],
    [{ id: 1, name: 5 }, 'name', /must be a string, got a number/, 'a number name'],
    [{ id: 1, name: '' }, 'name', /1 to 50 characters, got 0/, 'an empty name'],
    [{ id: 1, name: 'x'.repeat(51) }, 'name', /got 51/, '51 characters'],
    [{ id: 1, name: '🐕'.repeat(51) }, 'name', /got 51/, '51 emoji'],
    [{ id: 1, name: 'a', birthday: '2021-02-29' }, 'birthday', /real calendar date.*"2021-02-29"/, 'no such day'],
    [{ id: 1, name: 'a', birthday: null }, 'birthday', /got null/, 'a null birthday'],
    [{ id: 1, name: 'a', birthday: 20210101 }, 'birthday', /got 20210101/, 'a number birthday'],
    [{ id: 1, name: 'a', birthday: 'x'.repeat(10_000) }, 'birthday', /"x{40}…"/, 'a huge string is shortened in the message'],
  ];
  for (const [input, field, message, label] of cases) {
    const error = t.throws(() => parseDog(input, today), InvalidRecordError, label) as InvalidRecordError;
    t.equal(error.field, field, `${label}: names the field`);
    t.match(error.message, message, `${label}: says why`);
    t.equal(error.code, 'invalid_record', `${label}: stable code`);
  }
  t.equal(({} as Record<string, unknown>).x, undefined, 'no prototype was polluted');
});
