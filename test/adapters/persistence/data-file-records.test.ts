import t, { type Test } from 'tap';
import { MAX_NAMED_FAULTS, parseRecords } from '../../../src/adapters/persistence/data-file.js';
import type { LoadedRecords } from '../../../src/adapters/persistence/loaded-records.js';
import { RECORD_COLLECTIONS } from '../../../src/domain/api-history/bundle.js';
import { CalendarDate } from '../../../src/domain/records/calendar-date.js';
import { StartupError } from '../../../src/domain/errors/startup-error.js';

const today = CalendarDate.parse('2026-11-22') as CalendarDate;
const SOURCE = 'DATA_FILE "dogs.json"';

/** The records as plain JSON values. */
function plain(records: LoadedRecords): unknown {
  return JSON.parse(JSON.stringify(records));
}

function refusal(t: Test, json: unknown, what: string): string {
  const error = t.throws(() => parseRecords(SOURCE, json, today, RECORD_COLLECTIONS), StartupError, `${what} is refused`);
  const message = error instanceof Error ? error.message : '';
  t.ok(message.startsWith(`${SOURCE}: `), `${what}: the message starts with the source`, { message });
  return message;
}

t.test('good records are parsed in file order', async (t) => {
  const records = parseRecords(
    SOURCE,
    {
      dogs: [
        { id: 2, name: 'Laika', birthday: '2019-11-03' },
        { id: 1, name: 'Biko', birthday: '2014-05-06' },
        { id: 7, name: '🐕'.repeat(50), birthday: '2024-02-29' },
      ],
      cats: [
        { id: 1, name: 'Tom' },
        { id: 9, name: 'x' },
      ],
    },
    today,
    RECORD_COLLECTIONS,
  );
  t.strictSame(plain(records), {
    dogs: [
      { id: 2, name: 'Laika', birthday: '2019-11-03' },
      { id: 1, name: 'Biko', birthday: '2014-05-06' },
      { id: 7, name: '🐕'.repeat(50), birthday: '2024-02-29' },
    ],
    cats: [
      { id: 1, name: 'Tom' },
      { id: 9, name: 'x' },
    ],
  });
});

t.test('absent or empty collections give no records', async (t) => {
  const cases: [unknown, string][] = [
    [{}, 'an empty object'],
    [{ dogs: [] }, 'only an empty dogs list'],
    [{ cats: [] }, 'only an empty cats list'],
    [{ dogs: [], cats: [] }, 'two empty lists'],
  ];
  for (const [json, what] of cases) {
    t.strictSame(plain(parseRecords(SOURCE, json, today, RECORD_COLLECTIONS)), { dogs: [], cats: [] }, what);
  }
});

t.test('a dog without a birthday was born today', async (t) => {
  const records = parseRecords(SOURCE, { dogs: [{ id: 1, name: 'Pup' }] }, today, RECORD_COLLECTIONS);
  t.equal(records.dogs[0]?.birthday.toString(), '2026-11-22', 'the birthday is the date given as today');
  t.ok(records.dogs[0]?.birthday.equals(today), 'the same calendar date');
  const other = CalendarDate.parse('2000-01-01') as CalendarDate;
  t.equal(
    parseRecords(SOURCE, { dogs: [{ id: 1, name: 'Pup' }] }, other, RECORD_COLLECTIONS).dogs[0]?.birthday.toString(),
    '2000-01-01',
    'today is the argument, not the clock',
  );
});

t.test('the same id in dogs and in cats is allowed', async (t) => {
  const records = parseRecords(SOURCE, { dogs: [{ id: 1, name: 'a' }], cats: [{ id: 1, name: 'b' }] }, today, RECORD_COLLECTIONS);
  t.equal(records.dogs.length + records.cats.length, 2);
});

t.test('a document that is not an object of collections is refused', async (t) => {
  const cases: [unknown, RegExp, string][] = [
    [[], /must be a JSON object/, 'a top-level array'],
    [[{ id: 1, name: 'a' }], /must be a JSON object/, 'a top-level array of records'],
    [null, /must be a JSON object/, 'null'],
    [42, /must be a JSON object/, 'a number'],
    ['dogs', /must be a JSON object/, 'a string'],
    [true, /must be a JSON object/, 'a boolean'],
    [undefined, /must be a JSON object/, 'nothing'],
    [{ birds: [] }, /unknown key "birds"/, 'an unknown collection'],
    [{ Dogs: [] }, /unknown key "Dogs"/, 'a collection name in another case'],
    [{ dogs: [], extra: 1 }, /unknown key "extra"/, 'an unknown key beside dogs'],
    [JSON.parse('{"__proto__":{"dogs":[]}}'), /unknown key "__proto__"/, 'a __proto__ key'],
    [JSON.parse('{"constructor":{"prototype":{"polluted":true}}}'), /unknown key "constructor"/, 'a constructor key'],
    [{ dogs: {} }, /"dogs" must be an array/, 'dogs as an object'],
    [{ dogs: null }, /"dogs" must be an array/, 'dogs as null'],
    [{ dogs: 'Biko' }, /"dogs" must be an array/, 'dogs as a string'],
    [{ dogs: 3 }, /"dogs" must be an array/, 'dogs as a number'],
    [{ dogs: [], cats: { 0: { id: 1, name: 'Tom' } } }, /"cats" must be an array/, 'cats as an object'],
  ];
  for (const [json, expected, what] of cases) {
    t.match(refusal(t, json, what), expected, `${what}: the message says what is wrong`);
  }
});

t.test('a wrong record is refused, naming the record, its id when known, and the field', async (t) => {
  const good = [
    { id: 1, name: 'a' },
    { id: 2, name: 'b' },
  ];
  const cases: [unknown, string, string | undefined, RegExp, string][] = [
    [{ dogs: [5] }, 'dogs[0]', undefined, /must be an object, got a number/, 'a number as record'],
    [{ dogs: [null] }, 'dogs[0]', undefined, /must be an object, got null/, 'null as record'],
    [{ dogs: [[1, 'a']] }, 'dogs[0]', undefined, /must be an object, got an array/, 'an array as record'],
    [{ dogs: ['Biko'] }, 'dogs[0]', undefined, /must be an object, got a string/, 'a string as record'],
    [
      { dogs: [...good, { id: 3, name: 'c', age: 3 }] },
      'dogs[2] (id 3)',
      'age',
      /unknown field; the fields are id, name, birthday/,
      'an unknown field',
    ],
    [{ dogs: [{ id: 1, name: 'a', Name: 'b' }] }, 'dogs[0] (id 1)', 'Name', /unknown field/, 'a field name in another case'],
    [JSON.parse('{"dogs":[{"id":1,"name":"a","__proto__":{"polluted":true}}]}'), 'dogs[0] (id 1)', '__proto__', /unknown field/, 'a __proto__ key'],
    [
      JSON.parse('{"dogs":[{"id":1,"name":"a","constructor":{"prototype":{"polluted":true}}}]}'),
      'dogs[0] (id 1)',
      'constructor',
      /unknown field/,
      'a constructor key',
    ],
    [JSON.parse('{"dogs":[{"id":1,"name":"a","prototype":{"polluted":true}}]}'), 'dogs[0] (id 1)', 'prototype', /unknown field/, 'a prototype key'],
    [{ dogs: [{ id: '1', name: 'a' }] }, 'dogs[0]', 'id', /must be a positive integer, got "1"/, 'a string id'],
    [{ dogs: [...good, { id: 1.5, name: 'a' }] }, 'dogs[2] (id 1.5)', 'id', /got 1\.5/, 'a fractional id'],
    [{ dogs: [{ id: 0, name: 'a' }] }, 'dogs[0] (id 0)', 'id', /got 0/, 'id 0'],
    [{ dogs: [{ id: -3, name: 'a' }] }, 'dogs[0] (id -3)', 'id', /got -3/, 'a negative id'],
    [{ dogs: [{ id: 2 ** 53, name: 'a' }] }, 'dogs[0] (id 9007199254740992)', 'id', /must be a positive integer/, 'an id past the safe integers'],
    [{ dogs: [{ id: null, name: 'a' }] }, 'dogs[0]', 'id', /got null/, 'a null id'],
    [{ dogs: [{ name: 'a' }] }, 'dogs[0]', 'id', /must be a positive integer/, 'no id'],
    [{ dogs: [{ id: 1, name: 5 }] }, 'dogs[0] (id 1)', 'name', /must be a string, got a number/, 'a number as name'],
    [{ dogs: [{ id: 1, name: '' }] }, 'dogs[0] (id 1)', 'name', /1 to 50 characters, got 0/, 'an empty name'],
    [{ dogs: [{ id: 1, name: 'a'.repeat(51) }] }, 'dogs[0] (id 1)', 'name', /got 51/, 'a name of 51 letters'],
    [{ dogs: [{ id: 1, name: '🐕'.repeat(51) }] }, 'dogs[0] (id 1)', 'name', /got 51/, 'a name of 51 emoji'],
    [{ dogs: [{ id: 1, name: null }] }, 'dogs[0] (id 1)', 'name', /got null/, 'a null name'],
    [{ dogs: [{ id: 1 }] }, 'dogs[0] (id 1)', 'name', /must be a string/, 'no name'],
    [
      { dogs: [{ id: 1, name: 'a', birthday: '2021-02-29' }] },
      'dogs[0] (id 1)',
      'birthday',
      /real calendar date YYYY-MM-DD, got "2021-02-29"/,
      'a 29 February outside a leap year',
    ],
    [{ dogs: [{ id: 1, name: 'a', birthday: '2021-2-3' }] }, 'dogs[0] (id 1)', 'birthday', /got "2021-2-3"/, 'a date without leading zeros'],
    [{ dogs: [{ id: 1, name: 'a', birthday: null }] }, 'dogs[0] (id 1)', 'birthday', /got null/, 'a null birthday'],
    [{ dogs: [{ id: 1, name: 'a', birthday: '' }] }, 'dogs[0] (id 1)', 'birthday', /got ""/, 'an empty birthday'],
    [{ dogs: [{ id: 1, name: 'a', birthday: 20210203 }] }, 'dogs[0] (id 1)', 'birthday', /got 20210203/, 'a number as birthday'],
    [
      { dogs: [{ id: 1, name: 'a', birthday: '2021-02-03T00:00:00Z' }] },
      'dogs[0] (id 1)',
      'birthday',
      /real calendar date/,
      'a timestamp as birthday',
    ],
    [
      {
        dogs: good,
        cats: [
          { id: 1, name: 'Tom' },
          { id: 2, name: '' },
        ],
      },
      'cats[1] (id 2)',
      'name',
      /got 0/,
      'an empty cat name',
    ],
    [
      { cats: [{ id: 1, name: 'Tom', birthday: '2020-01-01' }] },
      'cats[0] (id 1)',
      'birthday',
      /unknown field; the fields are id, name$/,
      'a birthday on a cat',
    ],
    [{ cats: [{ id: 'x', name: 'Tom' }] }, 'cats[0]', 'id', /got "x"/, 'a string cat id'],
  ];
  for (const [json, where, field, expected, what] of cases) {
    const message = refusal(t, json, what);
    const named = field === undefined ? `${SOURCE}: ${where}: ` : `${SOURCE}: ${where}: ${field}: `;
    t.ok(message.startsWith(named), `${what}: the message names ${where}${field === undefined ? '' : ` and ${field}`}`, { message, named });
    t.match(message, expected, `${what}: the message says what is wrong`);
  }
});

t.test('every wrong record is named, in file order, on one line; past MAX_NAMED_FAULTS they are counted', async (t) => {
  const message = refusal(
    t,
    {
      dogs: [
        { id: 1, name: 'a' },
        { id: 2, name: '' },
        { id: 'x', name: 'c' },
        { id: 1, name: 'd' },
      ],
      cats: { id: 1 },
    },
    'four wrong records and a collection that is no array',
  );
  t.same(
    message.slice(`${SOURCE}: `.length).split('; '),
    [
      'dogs[1] (id 2): name: must be 1 to 50 characters, got 0',
      'dogs[2]: id: must be a positive integer, got "x"',
      'dogs[3]: id 1 is already used by dogs[0]',
      '"cats" must be an array of records',
    ],
    'the source once, then each, "; " between them',
  );
  const many = refusal(t, { dogs: Array.from({ length: MAX_NAMED_FAULTS + 5 }, (_, index) => ({ id: index + 1, name: '' })) }, 'many wrong records');
  t.notMatch(many, /\n/, 'one line');
  const faults = many.slice(`${SOURCE}: `.length).split('; ');
  t.equal(faults.length, MAX_NAMED_FAULTS + 1, `${MAX_NAMED_FAULTS} named, then the count of the rest`);
  t.match(faults[MAX_NAMED_FAULTS - 1], new RegExp(`^dogs\\[${MAX_NAMED_FAULTS - 1}\\] \\(id ${MAX_NAMED_FAULTS}\\): name`), 'the last one named');
  t.equal(faults[MAX_NAMED_FAULTS], `and 5 more wrong records (the first ${MAX_NAMED_FAULTS} are named)`, 'the rest counted');
});

t.test('a refusal is one line whatever a record holds: its line breaks and control characters are escaped', async (t) => {
  const cases: [unknown, string, string][] = [
    [
      { dogs: [{ id: 1, name: 'a', 'x\ny': 1 }] },
      'dogs[0] (id 1): x\\u000ay: unknown field; the fields are id, name, birthday',
      'a key with a line break',
    ],
    [
      { dogs: [{ id: 1, name: 'a', 'x\r\n\u2028\u0085\u0000': 1 }] },
      'dogs[0] (id 1): x\\u000d\\u000a\\u2028\\u0085\\u0000: unknown field',
      'other breaks',
    ],
    [{ 'ca\nts': [] }, 'unknown key "ca\\nts"', 'a key of the document (quoted, as JSON escapes it)'],
  ];
  for (const [json, expected, what] of cases) {
    const message = refusal(t, json, what);
    t.notOk(/[\n\r\u2028\u0085]/.test(message) || message.includes('\u0000'), `${what}: one line`);
    t.match(message, `${SOURCE}: ${expected}`, `${what}: escaped`);
  }
  // A collection of a team's own may throw any message, as a JSON.parse inside its parse would.
  const collections = [
    {
      name: 'notes',
      parse: (input: unknown) => {
        if (typeof input !== 'string') throw new Error('must be a string,\nnot this');
        return { id: 1, text: input };
      },
    },
  ];
  const error = t.throws(() => parseRecords(SOURCE, { notes: [3, 4] }, today, collections), StartupError);
  t.equal(
    (error as Error).message,
    `${SOURCE}: notes[0]: must be a string,\\u000anot this; notes[1]: must be a string,\\u000anot this`,
    "a team's parse message with a line break: one line",
  );
});

t.test('a duplicate id is refused, naming both records', async (t) => {
  const cases: [unknown, RegExp, string][] = [
    [
      {
        dogs: [
          { id: 1, name: 'a' },
          { id: 2, name: 'b' },
          { id: 1, name: 'c' },
        ],
      },
      /dogs\[2\]: id 1 is already used by dogs\[0\]/,
      'a dog id used twice',
    ],
    [
      {
        dogs: [
          { id: 5, name: 'a' },
          { id: 5, name: 'a' },
        ],
      },
      /dogs\[1\]: id 5 is already used by dogs\[0\]/,
      'the same dog twice',
    ],
    [
      {
        cats: [
          { id: 3, name: 'a' },
          { id: 4, name: 'b' },
          { id: 3, name: 'c' },
        ],
      },
      /cats\[2\]: id 3 is already used by cats\[0\]/,
      'a cat id used twice',
    ],
  ];
  for (const [json, expected, what] of cases) {
    t.match(refusal(t, json, what), expected, `${what}: both indexes are named`);
  }
});

t.test('no key of a record or of the document pollutes Object.prototype', async (t) => {
  const payloads = [
    '{"dogs":[{"id":1,"name":"a","__proto__":{"polluted":true}}]}',
    '{"dogs":[{"__proto__":{"polluted":true},"id":1,"name":"a"}]}',
    '{"dogs":[{"id":1,"name":"a","constructor":{"prototype":{"polluted":true}}}]}',
    '{"cats":[{"id":1,"name":"a","__proto__":{"polluted":true}}]}',
    '{"__proto__":{"polluted":true}}',
    '{"constructor":{"prototype":{"polluted":true}}}',
    '{"dogs":{"__proto__":{"polluted":true}}}',
  ];
  for (const payload of payloads) {
    refusal(t, JSON.parse(payload), payload);
    t.equal(({} as Record<string, unknown>)['polluted'], undefined, `${payload}: a new object has no polluted property`);
    t.notOk(Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted'), `${payload}: Object.prototype is untouched`);
  }
});

t.test('huge values are refused with a short message', async (t) => {
  const huge = 'x'.repeat(1_000_000);
  const cases: [unknown, string, string][] = [
    [{ dogs: [{ id: 1, name: huge }] }, 'name', 'a name of a million letters'],
    [{ dogs: [{ id: 1, name: 'a', birthday: huge }] }, 'birthday', 'a birthday of a million letters'],
    [{ dogs: [{ id: huge, name: 'a' }] }, 'id', 'an id of a million letters'],
  ];
  for (const [json, field, what] of cases) {
    const message = refusal(t, json, what);
    t.match(message, `: ${field}: `, `${what}: the field is named`);
    t.ok(message.length < 300, `${what}: the message stays short (${message.length} characters)`);
  }
  const records = parseRecords(
    SOURCE,
    { dogs: Array.from({ length: 10_000 }, (_, index) => ({ id: index + 1, name: `dog ${index}` })) },
    today,
    RECORD_COLLECTIONS,
  );
  t.equal(records.dogs.length, 10_000, 'ten thousand records load');
});

t.test('a huge unknown key is named in a short message', async (t) => {
  const key = 'k'.repeat(100_000);
  const cases: [unknown, string][] = [
    [{ dogs: [{ id: 1, name: 'a', [key]: 1 }] }, 'an unknown field of 100 000 letters'],
    [{ [key]: [] }, 'an unknown top-level key of 100 000 letters'],
  ];
  for (const [json, what] of cases) {
    const message = refusal(t, json, what);
    t.ok(message.length < 300, `${what}: the message stays short (${message.length} characters)`);
  }
});

t.test('deeply nested values are refused without overflowing the stack', async (t) => {
  let nested: unknown = 'deep';
  for (let depth = 0; depth < 100_000; depth++) nested = [nested];
  const cases: [unknown, RegExp, string][] = [
    [nested, /must be a JSON object/, 'a deeply nested top-level array'],
    [{ dogs: nested }, /dogs\[0\]: must be an object, got an array/, 'a deeply nested dogs list'],
    [{ dogs: [{ id: 1, name: 'a', birthday: nested }] }, /dogs\[0\] \(id 1\): birthday: .*got an array/, 'a deeply nested birthday'],
    [{ dogs: [{ id: 1, name: nested }] }, /dogs\[0\] \(id 1\): name: must be a string, got an array/, 'a deeply nested name'],
  ];
  for (const [json, expected, what] of cases) {
    t.match(refusal(t, json, what), expected, `${what}: the message says what is wrong`);
  }
});
