import t from 'tap';
import { AcceptHeaderError } from '../../../src/adapters/http/accept-header-error.js';
import { versionFromAccept } from '../../../src/adapters/http/accept-header.js';
import { ACCEPT_CACHE_CAPACITY, CachedAcceptReader, MAX_CACHED_ACCEPT_LENGTH } from '../../../src/adapters/http/cached-accept-reader.js';

const HEADERS = [
  'application/json; version=2.1.0',
  'application/json;version="3.0.0", */*;q=0.5',
  '*/*',
  '',
  'application/json; version=',
  'application/json; version=9.9.9',
];
const REFUSED = ['text/html', 'application/json;version=1.0.0, application/json;version=2.0.0', 'application/json;q=0'];

t.test('answers exactly as versionFromAccept, the first time and from the cache', async (t) => {
  const reader = new CachedAcceptReader();
  for (const round of ['first', 'cached']) {
    for (const header of [...HEADERS, undefined]) {
      t.equal(reader.versionFrom(header), versionFromAccept(header), `${round}: ${JSON.stringify(header)}`);
    }
  }
  t.equal(reader.size, HEADERS.length, 'one entry per header string; a missing header is not stored');
});

t.test('a refused header is refused again from the cache, with a new error of the same code and message', async (t) => {
  const reader = new CachedAcceptReader();
  for (const header of REFUSED) {
    const expected = t.throws(() => versionFromAccept(header), AcceptHeaderError) as AcceptHeaderError;
    const first = t.throws(() => reader.versionFrom(header), AcceptHeaderError, `first: ${header}`) as AcceptHeaderError;
    const again = t.throws(() => reader.versionFrom(header), AcceptHeaderError, `cached: ${header}`) as AcceptHeaderError;
    t.same([first.code, first.message], [expected.code, expected.message], `first: same code and message: ${header}`);
    t.same([again.code, again.message], [expected.code, expected.message], `cached: same code and message: ${header}`);
    t.not(again, first, `cached: a new error each time: ${header}`);
  }
  t.equal(reader.size, REFUSED.length, 'refusals are remembered too');
});

t.test('bounded: a flood of distinct headers never holds more than the capacity', async (t) => {
  const reader = new CachedAcceptReader();
  const answers = new Set<string | undefined>();
  for (let index = 0; index < ACCEPT_CACHE_CAPACITY * 3; index += 1) answers.add(reader.versionFrom(`application/json; version=2.1.0; n=${index}`));
  t.same([...answers], ['2.1.0'], 'every header read right');
  t.equal(reader.size, ACCEPT_CACHE_CAPACITY, `at most ${ACCEPT_CACHE_CAPACITY} headers remembered`);
  t.equal(reader.versionFrom('application/json; version=2.1.0; n=0'), '2.1.0', 'an evicted header is read again');
});

t.test('a header longer than MAX_CACHED_ACCEPT_LENGTH is read every time and never stored', async (t) => {
  const reader = new CachedAcceptReader();
  const long = `application/json; version=2.1.0; pad=${'x'.repeat(MAX_CACHED_ACCEPT_LENGTH)}`;
  t.equal(reader.versionFrom(long), '2.1.0', 'read');
  t.equal(reader.size, 0, 'not stored');
  const refused = `text/html; pad=${'x'.repeat(MAX_CACHED_ACCEPT_LENGTH)}`;
  t.throws(() => reader.versionFrom(refused), AcceptHeaderError, 'refused as before');
  t.equal(reader.size, 0, 'still nothing stored');
});
