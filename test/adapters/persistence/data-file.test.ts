import { chmod } from 'node:fs/promises';
import { join } from 'node:path';
import t from 'tap';
import { loadRecords } from '../../../src/adapters/persistence/data-file.js';
import type { LoadedRecords } from '../../../src/adapters/persistence/loaded-records.js';
import { SAMPLE_DATA } from '../../../src/domain/api-history/sample-data.js';
import { RECORD_COLLECTIONS } from '../../../src/domain/api-history/bundle.js';
import { CalendarDate } from '../../../src/domain/records/calendar-date.js';
import { StartupError } from '../../../src/domain/errors/startup-error.js';

const today = CalendarDate.parse('2026-11-22') as CalendarDate;
/** DATA_FILE (or, unset, the sample) read for the reference API, whose collections and sample are given as any API's are. */
const loadReference = (dataFile: string | undefined) => loadRecords(dataFile, today, RECORD_COLLECTIONS, SAMPLE_DATA);

function plain(records: LoadedRecords): { dogs: unknown[]; cats: unknown[] } {
  return JSON.parse(JSON.stringify(records)) as { dogs: unknown[]; cats: unknown[] };
}

t.test('without DATA_FILE the bundled sample loads', async (t) => {
  const records = await loadReference(undefined);
  t.strictSame(plain(records).dogs[0], { id: 1, name: 'Biko', birthday: '2014-05-06' }, 'Biko, born 2014-05-06, is dog 1');
  t.strictSame(
    records.dogs.map((dog) => dog.id),
    [1, 2, 3, 4, 5],
    'five dogs',
  );
  t.strictSame(
    records.cats.map((cat) => cat.id),
    [1, 2, 3],
    'three cats',
  );
  t.ok(
    records.dogs.some((dog) => dog.name === 'Hachikō' && dog.birthday.toString() === '2016-02-29'),
    'a name beyond ASCII and a leap-day birthday',
  );
  t.ok(
    records.dogs.every((dog) => Object.isFrozen(dog)),
    'the records are frozen',
  );
});

t.test('a good DATA_FILE loads', async (t) => {
  const dir = t.testdir({
    'data.json': JSON.stringify({
      dogs: [
        { id: 10, name: 'Rex', birthday: '2021-02-28' },
        { id: 11, name: 'Pup' },
      ],
      cats: [{ id: 1, name: 'Tom' }],
    }),
    'pretty.json': `{\n  "cats": [ { "name": "Felix", "id": 2 } ]\n}\n`,
    'empty-object.json': '{}',
    'émoji 🐕.json': JSON.stringify({ dogs: [{ id: 1, name: '🐕'.repeat(50) }] }),
  });
  t.strictSame(
    plain(await loadReference(join(dir, 'data.json'))),
    {
      dogs: [
        { id: 10, name: 'Rex', birthday: '2021-02-28' },
        { id: 11, name: 'Pup', birthday: '2026-11-22' },
      ],
      cats: [{ id: 1, name: 'Tom' }],
    },
    'the records, a missing birthday set to today',
  );
  t.strictSame(
    plain(await loadReference(join(dir, 'pretty.json'))),
    { dogs: [], cats: [{ id: 2, name: 'Felix' }] },
    'white space and key order do not matter',
  );
  t.strictSame(plain(await loadReference(join(dir, 'empty-object.json'))), { dogs: [], cats: [] }, 'an empty object is no records');
  const emoji = await loadReference(join(dir, 'émoji 🐕.json'));
  t.equal(emoji.dogs[0]?.name, '🐕'.repeat(50), 'a path beyond ASCII, and 50 emoji as a name');
});

t.test('a DATA_FILE that cannot be read or parsed is refused, naming DATA_FILE', async (t) => {
  const dir = t.testdir({
    'hello.txt': 'hello',
    'empty.json': '',
    'blank.json': ' \n',
    'truncated.json': '{"dogs":[{"id":1,',
    'trailing-comma.json': '{"dogs":[],}',
    'binary.json': Buffer.from([0xff, 0xfe, 0x00, 0x01, 0x80]),
    'two-documents.json': '{}{}',
    'single-quotes.json': "{'dogs':[]}",
    'deep.json': '['.repeat(1_000_000),
    folder: {},
  });
  const cases: [string, RegExp, string][] = [
    ['missing.json', /cannot be read \(ENOENT\)/, 'a missing file'],
    ['folder', /is not a regular file/, 'a directory'],
    ['hello.txt', /is not valid JSON: line 1, column 1: unexpected "h"$/, 'text that is not JSON'],
    ['empty.json', /is not valid JSON: line 1, column 1: unexpected the end of the file$/, 'an empty file'],
    ['blank.json', /is not valid JSON: line 2, column 1: unexpected the end of the file$/, 'a file of white space'],
    ['truncated.json', /is not valid JSON: line 1, column 18: unexpected the end of the file$/, 'truncated JSON'],
    ['trailing-comma.json', /is not valid JSON: line 1, column 12: unexpected "}"$/, 'a trailing comma'],
    ['binary.json', /is not valid JSON/, 'binary bytes'],
    ['two-documents.json', /is not valid JSON: line 1, column 3: unexpected "{"$/, 'two JSON documents'],
    ['single-quotes.json', /is not valid JSON: line 1, column 2: unexpected "'"$/, 'single quotes'],
    ['deep.json', /is not valid JSON: line 1, column 1000001: unexpected the end of the file$/, 'a million unclosed brackets'],
  ];
  for (const [name, expected, what] of cases) {
    const path = join(dir, name);
    const error = await t.rejects(loadReference(path), StartupError, `${what} is refused`);
    const message = error instanceof Error ? error.message : '';
    t.ok(message.startsWith(`DATA_FILE ${JSON.stringify(path)}: `), `${what}: the message names DATA_FILE and the path`, { message });
    t.match(message, expected, `${what}: the message says why`);
    t.notMatch(message, /\n|is not valid JSON.*is not valid JSON/, `${what}: on one line, said once`);
  }
});

t.test('a file without read permission is refused', { skip: process.getuid?.() === 0 && 'root reads every file' }, async (t) => {
  const dir = t.testdir({ 'locked.json': '{}' });
  const path = join(dir, 'locked.json');
  await chmod(path, 0o000);
  t.teardown(() => chmod(path, 0o600));
  await t.rejects(loadReference(path), { name: 'StartupError', message: /cannot be read \(EACCES\)/ });
});

t.test('a wrong document or record in DATA_FILE is refused, naming DATA_FILE, the record and the field', async (t) => {
  const files: Record<string, string> = {
    'array.json': '[{"id":1,"name":"a"}]',
    'null.json': 'null',
    'number.json': '42',
    'unknown-key.json': '{"dogs":[],"birds":[]}',
    'dogs-object.json': '{"dogs":{"id":1,"name":"a"}}',
    'record-number.json': '{"dogs":[{"id":1,"name":"a"},{"id":2,"name":"b"},7]}',
    'unknown-field.json': '{"dogs":[{"id":1,"name":"a"},{"id":2,"name":"b"},{"id":3,"name":"c","age":3}]}',
    'proto.json': '{"dogs":[{"id":1,"name":"a","__proto__":{"polluted":true}}]}',
    'constructor.json': '{"dogs":[{"id":1,"name":"a","constructor":{"prototype":{"polluted":true}}}]}',
    'string-id.json': '{"dogs":[{"id":"1","name":"a"}]}',
    'long-name.json': JSON.stringify({ cats: [{ id: 4, name: 'n'.repeat(51) }] }),
    'bad-birthday.json': '{"dogs":[{"id":8,"name":"a","birthday":"2021-02-29"}]}',
    'duplicate.json': '{"dogs":[{"id":1,"name":"a"},{"id":2,"name":"b"},{"id":1,"name":"c"}]}',
    'deep-birthday.json': `{"dogs":[{"id":1,"name":"a","birthday":${'['.repeat(100_000)}${']'.repeat(100_000)}}]}`,
  };
  const dir = t.testdir(files);
  const cases: [string, RegExp, string][] = [
    ['array.json', /: must be a JSON object/, 'a top-level array'],
    ['null.json', /: must be a JSON object/, 'a top-level null'],
    ['number.json', /: must be a JSON object/, 'a top-level number'],
    ['unknown-key.json', /: unknown key "birds"/, 'an unknown top-level key'],
    ['dogs-object.json', /: "dogs" must be an array/, 'dogs not an array'],
    ['record-number.json', /: dogs\[2\]: must be an object/, 'a record that is not an object'],
    ['unknown-field.json', /: dogs\[2\] \(id 3\): age: unknown field/, 'an unknown field'],
    ['proto.json', /: dogs\[0\] \(id 1\): __proto__: unknown field/, 'a __proto__ key in a record'],
    ['constructor.json', /: dogs\[0\] \(id 1\): constructor: unknown field/, 'a constructor key in a record'],
    ['string-id.json', /: dogs\[0\]: id: must be a positive integer/, 'a string id'],
    ['long-name.json', /: cats\[0\] \(id 4\): name: must be 1 to 50 characters, got 51/, 'a name of 51 characters'],
    ['bad-birthday.json', /: dogs\[0\] \(id 8\): birthday: must be a real calendar date/, 'a 29 February outside a leap year'],
    ['duplicate.json', /: dogs\[2\]: id 1 is already used by dogs\[0\]/, 'a duplicate id'],
    ['deep-birthday.json', /: dogs\[0\] \(id 1\): birthday: .*got an array/, 'a deeply nested birthday'],
  ];
  for (const [name, expected, what] of cases) {
    const path = join(dir, name);
    const error = await t.rejects(loadReference(path), StartupError, `${what} is refused`);
    const message = error instanceof Error ? error.message : '';
    t.ok(message.startsWith(`DATA_FILE ${JSON.stringify(path)}: `), `${what}: the message names DATA_FILE and the path`, { message });
    t.match(message, expected, `${what}: the message names the record and the field`);
  }
  t.equal(({} as Record<string, unknown>)['polluted'], undefined, 'no payload polluted Object.prototype');
});
