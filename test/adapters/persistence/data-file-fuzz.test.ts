import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import t from 'tap';
import { loadRecords, parseRecords } from '../../../src/adapters/persistence/data-file.js';
import { SAMPLE_DATA } from '../../../src/domain/api-history/sample-data.js';
import { RECORD_COLLECTIONS } from '../../../src/domain/api-history/bundle.js';
import { CalendarDate } from '../../../src/domain/records/calendar-date.js';
import { StartupError } from '../../../src/domain/errors/startup-error.js';

// Fixed seed so `npm test` is deterministic; FUZZ_SEED / FUZZ_RUNS explore further (see README, Reliability).
const SEED = Number(process.env['FUZZ_SEED'] ?? 20261123);
const RUNS = Number(process.env['FUZZ_RUNS'] ?? 300);
const today = CalendarDate.parse('2026-11-22') as CalendarDate;
/** DATA_FILE read for the reference API, whose collections and sample are given as any API's are. */
const loadReference = (dataFile: string) => loadRecords(dataFile, today, RECORD_COLLECTIONS, SAMPLE_DATA);
const SOURCE = 'DATA_FILE "fuzz.json"';

function prototypeIsClean(): boolean {
  const probe = {} as Record<string, unknown>;
  return (
    Object.getOwnPropertyNames(Object.prototype).every((name) => !name.startsWith('polluted')) &&
    probe['polluted'] === undefined &&
    probe['isAdmin'] === undefined
  );
}

/** The message of the StartupError `run` throws; fails the property when it returns or throws anything else. */
function refusal(run: () => unknown): string {
  let result: unknown;
  try {
    result = run();
  } catch (error) {
    if (error instanceof StartupError) return error.message;
    throw new Error(`not a StartupError: ${String(error)}`, { cause: error });
  }
  throw new Error(`accepted: ${JSON.stringify(result)}`);
}

const goodDog = fc.record({
  id: fc.integer({ min: 1, max: 1_000_000 }),
  name: fc.string({ unit: 'binary', minLength: 1, maxLength: 50 }),
  birthday: fc
    .date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true })
    .map((date) => date.toISOString().slice(0, 10)),
});
const goodDogs = fc.uniqueArray(goodDog, { selector: (dog) => dog.id, minLength: 1, maxLength: 8 });

/** Values that are wrong for each field, by construction (not by asking the code under test). */
const notAnObject = fc.oneof(fc.constant(null), fc.boolean(), fc.double(), fc.string(), fc.array(fc.jsonValue(), { maxLength: 3 }));
const wrongId = fc.oneof(
  fc.integer({ max: 0 }),
  fc.double({ noNaN: true }).filter((value) => !Number.isInteger(value)),
  fc.constantFrom(2 ** 53, 1e300, -0.5),
  fc.string(),
  fc.integer({ min: 1 }).map(String),
  fc.constant(null),
  fc.boolean(),
  fc.array(fc.integer({ min: 1 }), { maxLength: 2 }),
  fc.dictionary(fc.string(), fc.integer()),
);
const codePoints = (text: string) => [...text].length;
const wrongName = fc.oneof(
  fc.constant(''),
  fc.string({ unit: 'binary', minLength: 51, maxLength: 80 }).filter((name) => codePoints(name) > 50),
  fc.constantFrom('🐕'.repeat(51), 'e\u0301'.repeat(26), 'x'.repeat(100_000)),
  fc.integer(),
  fc.constant(null),
  fc.boolean(),
  fc.array(fc.string(), { maxLength: 2 }),
  fc.dictionary(fc.string(), fc.string()),
);
const wrongBirthday = fc
  .oneof(
    fc
      .tuple(
        fc.integer({ min: 1, max: 9999 }).filter((year) => year % 4 !== 0),
        fc.constant(2),
        fc.constant(29),
      )
      .map(([y, m, d]) => [y, m, d]),
    fc.tuple(fc.integer({ min: 1, max: 9999 }), fc.integer({ min: 13, max: 99 }), fc.integer({ min: 1, max: 28 })).map(([y, m, d]) => [y, m, d]),
    fc.tuple(fc.integer({ min: 1, max: 9999 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 32, max: 99 })).map(([y, m, d]) => [y, m, d]),
    fc.tuple(fc.integer({ min: 1, max: 9999 }), fc.constantFrom(4, 6, 9, 11), fc.constant(31)).map(([y, m, d]) => [y, m, d]),
    fc.tuple(fc.constant(0), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 28 })).map(([y, m, d]) => [y, m, d]),
  )
  .map(([year, month, day]) => `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`);
const wrongBirthdayValue = fc.oneof(
  wrongBirthday,
  fc.constantFrom('2021-02-29', '2021-2-3', '20210203', '2021-02-03T00:00:00Z', ' 2021-02-03', '', '2021-02-03\n'),
  fc.integer(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 1 }),
);
const hostileKey = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'Id', 'NAME', 'age', ''),
  fc.string({ maxLength: 20 }),
);
const pollutingValue = fc.constantFrom({ polluted: true }, { prototype: { polluted: true } }, { isAdmin: true });

type Fault = { readonly field: string; readonly value: unknown } | { readonly key: string; readonly value: unknown } | { readonly record: unknown };
const fault: fc.Arbitrary<Fault> = fc.oneof(
  wrongId.map((value) => ({ field: 'id', value })),
  wrongName.map((value) => ({ field: 'name', value })),
  wrongBirthdayValue.map((value) => ({ field: 'birthday', value })),
  fc
    .tuple(
      hostileKey.filter((key) => !['id', 'name', 'birthday'].includes(key)),
      fc.oneof(pollutingValue, fc.jsonValue()),
    )
    .map(([key, value]) => ({ key, value })),
  notAnObject.map((record) => ({ record })),
);

/** The document as JSON text with one faulty record; keys go through JSON text so `__proto__` is an own key, as in a real file. */
function documentWith(dogs: { id: number; name: string; birthday: string }[], index: number, wrong: Fault): string {
  const records = dogs.map((dog) => JSON.stringify(dog));
  let faulty: string;
  if ('record' in wrong) faulty = JSON.stringify(wrong.record);
  else if ('field' in wrong) faulty = JSON.stringify({ ...dogs[index], [wrong.field]: wrong.value });
  else faulty = `${(records[index] as string).slice(0, -1)},${JSON.stringify(wrong.key)}:${JSON.stringify(wrong.value)}}`;
  records[index] = faulty;
  return `{"dogs":[${records.join(',')}]}`;
}

t.test(`a data file with one wrong record is refused, naming the record and the field; nothing loads; no pollution (seed ${SEED})`, async (t) => {
  t.comment(`fast-check seed ${SEED}; replay with FUZZ_SEED=${SEED}`);
  fc.assert(
    fc.property(goodDogs, fc.nat(), fault, (dogs, pick, wrong) => {
      const index = pick % dogs.length;
      const text = documentWith(dogs, index, wrong);
      const message = refusal(() => parseRecords(SOURCE, JSON.parse(text), today, RECORD_COLLECTIONS));
      const where = `${SOURCE}: dogs[${index}]`;
      if (!message.startsWith(where)) throw new Error(`does not name ${where}: ${message}`);
      if ('field' in wrong && !message.includes(`: ${wrong.field}: `)) throw new Error(`does not name the field ${wrong.field}: ${message}`);
      if ('key' in wrong && !message.includes(`: ${wrong.key.slice(0, 40)}`)) throw new Error(`does not name the key: ${message}`);
      if (message.length > 400) throw new Error(`message of ${message.length} characters`);
      if (!prototypeIsClean()) throw new Error('Object.prototype was polluted');
    }),
    { seed: SEED, numRuns: RUNS },
  );
  t.ok(prototypeIsClean(), 'Object.prototype is untouched after every hostile document');
});

t.test('a duplicate id anywhere in the file is refused, naming both records', async (t) => {
  fc.assert(
    fc.property(goodDogs, fc.nat(), fc.nat(), (dogs, from, to) => {
      const copy = dogs[from % dogs.length] as { id: number };
      const at = to % (dogs.length + 1);
      const withDuplicate = [...dogs.slice(0, at), { id: copy.id, name: 'Twin' }, ...dogs.slice(at)];
      const first = withDuplicate.findIndex((dog) => dog.id === copy.id);
      const second = withDuplicate.findIndex((dog, index) => index > first && dog.id === copy.id);
      const message = refusal(() => parseRecords(SOURCE, { dogs: withDuplicate }, today, RECORD_COLLECTIONS));
      if (message !== `${SOURCE}: dogs[${second}]: id ${copy.id} is already used by dogs[${first}]`) throw new Error(message);
    }),
    { seed: SEED, numRuns: RUNS },
  );
  t.pass('every duplicate named');
});

t.test('a truncated data file is refused as invalid JSON at every cut, and nothing loads', async (t) => {
  const dir = t.testdir({});
  const whole = JSON.stringify({
    dogs: [
      { id: 1, name: 'Biko', birthday: '2014-05-06' },
      { id: 2, name: 'Laïka 🐕' },
    ],
    cats: [{ id: 1, name: 'Tom' }],
  });
  const bytes = Buffer.from(whole);
  const file = join(dir, 'cut.json');
  let refused = 0;
  for (let length = 0; length < bytes.length; length++) {
    writeFileSync(file, bytes.subarray(0, length));
    const error = await loadReference(file).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    if (error instanceof StartupError && error.message.startsWith(`DATA_FILE ${JSON.stringify(file)}: is not valid JSON: line `)) refused += 1;
    else t.fail(`cut at byte ${length}: ${String(error)}`);
  }
  t.equal(refused, bytes.length, `each of the ${bytes.length} cuts is refused as invalid JSON, naming the file`);
  writeFileSync(file, bytes);
  t.equal((await loadReference(file)).dogs.length, 2, 'the whole file loads');
});

t.test('deep nesting and huge strings in the file text are refused with a short message', async (t) => {
  const dir = t.testdir({});
  const depth = 200_000;
  const cases: [string, string, RegExp][] = [
    [
      'a birthday nested 200 000 arrays deep',
      `{"dogs":[{"id":1,"name":"a","birthday":${'['.repeat(depth)}${']'.repeat(depth)}}]}`,
      /dogs\[0\] \(id 1\): birthday: /,
    ],
    ['a document nested 200 000 objects deep', `${'{"dogs":'.repeat(depth)}[]${'}'.repeat(depth)}`, /dogs" must be an array|is not valid JSON/],
    [
      'a name of 20 million characters',
      `{"dogs":[{"id":1,"name":"${'n'.repeat(20_000_000)}"}]}`,
      /dogs\[0\] \(id 1\): name: must be 1 to 50 characters, got 20000000/,
    ],
    [
      'an unknown key of a million characters',
      `{"cats":[{"id":1,"name":"a","${'k'.repeat(1_000_000)}":1}]}`,
      /cats\[0\] \(id 1\): k{40}…: unknown field/,
    ],
  ];
  for (const [what, text, expected] of cases) {
    const file = join(dir, 'big.json');
    writeFileSync(file, text);
    const error = await loadReference(file).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    t.type(error, StartupError, `${what}: refused`);
    const message = error instanceof Error ? error.message : '';
    t.match(message, expected, `${what}: the message names the record and field`);
    t.ok(message.length < 400, `${what}: the message stays short (${message.length} characters)`);
  }
  t.ok(prototypeIsClean(), 'Object.prototype is untouched');
});
