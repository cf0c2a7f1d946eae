import t from 'tap';
import { versionFromAccept } from '../../../../src/adapters/http/request/accept-header.js';
import { MAX_CACHED_ACCEPT_LENGTH, AcceptCache } from '../../../../src/adapters/http/request/accept-cache.js';
import { DEFAULT_CACHE_SIZES } from '../../../../src/adapters/caching/cache-sizes.js';

const ACCEPT_CACHE_CAPACITY = DEFAULT_CACHE_SIZES.acceptHeaders;
import { buildReferenceModel } from '../../../../src/domain/api-history/reference-history.js';
import { CalendarDate } from '../../../../src/domain/records/calendar-date.js';
import { NEWEST_VERSION } from '../../../fixtures/versions.js';
import { AcceptHeaderError } from '../../../../src/adapters/http/request/refusals.js';
import type { Refusal } from '../../../../src/domain/errors/refusal.js';
import { MalformedVersionError, UnsupportedVersionError } from '../../../../src/domain/versioning/refusals.js';

const standing = buildReferenceModel().standingOn(CalendarDate.parse('2026-11-22') as CalendarDate);
const acceptCache = (): AcceptCache => new AcceptCache((requested) => standing.resolve(requested));

const SELECTED: [string | undefined, string][] = [
  ['application/json; version=2.1.0', '2.1.0'],
  ['application/json;version="3.0.0", */*;q=0.5', '3.0.0'],
  ['*/*', NEWEST_VERSION],
  ['', NEWEST_VERSION],
  ['application/json; version=', NEWEST_VERSION],
  [undefined, NEWEST_VERSION],
];
const REFUSED: [string, new (...args: never[]) => Refusal][] = [
  ['text/html', AcceptHeaderError],
  ['application/json;version=1.0.0, application/json;version=2.0.0', AcceptHeaderError],
  ['application/json;q=0', AcceptHeaderError],
  ['application/json; version=2.1', MalformedVersionError],
  ['application/json; version=9.9.9', UnsupportedVersionError],
];

/** What reading the header then resolving its version gives: the header's refusal, or the version's resolution. */
function direct(header: string | undefined): unknown {
  const requested = versionFromAccept(header);
  return requested instanceof AcceptHeaderError ? requested : standing.resolve(requested);
}

t.test('selects what reading the header then resolving its version selects, the first times and from the cache', async (t) => {
  const versions = acceptCache();
  for (const round of ['first', 'second', 'cached']) {
    for (const [header, expected] of SELECTED) {
      const selected = versions.select(header);
      t.equal(String(selected), expected, `${round}: ${JSON.stringify(header)}`);
      t.equal(selected, direct(header), `${round}: the model's own Version`);
    }
  }
  t.equal(versions.size, SELECTED.length - 1, 'one entry per header string; a missing header is not stored');
});

t.test('a refusal is returned, not thrown: the same error as the direct reading would throw, then the same frozen object', async (t) => {
  const versions = acceptCache();
  for (const [header, type] of REFUSED) {
    const expected = direct(header) as Refusal;
    const first = versions.select(header);
    t.type(first, type, `${header}: a ${type.name}`);
    t.same([(first as Refusal).code, (first as Refusal).message], [expected.code, expected.message], `${header}: same code and message`);
    t.ok(Object.isFrozen(first), `${header}: frozen, as it is shared`);
    const second = versions.select(header);
    t.same(
      [(second as Refusal).code, (second as Refusal).message],
      [expected.code, expected.message],
      `${header}: the second time, the same refusal`,
    );
    t.equal(versions.select(header), second, `${header}: from then on, the same object from the cache`);
  }
  t.equal(versions.size, REFUSED.length, 'refusals are remembered too');
});

t.test('a header is stored the second time it comes, not the first', async (t) => {
  const versions = acceptCache();
  const answers = new Set<string>();
  for (let index = 0; index < ACCEPT_CACHE_CAPACITY * 3; index += 1)
    answers.add(String(versions.select(`application/json; version=2.1.0, text/n${index}`)));
  t.same([...answers], ['2.1.0'], 'every header read right');
  t.equal(versions.size, 0, 'a flood of headers each sent once stores none');
  versions.select('application/json; version=3.0.0');
  t.equal(versions.size, 0, 'a new header: not stored');
  versions.select('application/json; version=3.0.0');
  t.equal(versions.size, 1, 'the same header again: stored');
});

t.test('bounded: a flood of distinct headers, each sent twice, never holds twice the capacity', async (t) => {
  const versions = acceptCache();
  const answers = new Set<string>();
  for (let index = 0; index < ACCEPT_CACHE_CAPACITY * 3; index += 1) {
    for (let time = 0; time < 2; time += 1) answers.add(String(versions.select(`application/json; version=2.1.0, text/n${index}`)));
  }
  t.same([...answers], ['2.1.0'], 'every header read right');
  t.ok(versions.size < 2 * ACCEPT_CACHE_CAPACITY, `${versions.size} headers remembered, fewer than ${2 * ACCEPT_CACHE_CAPACITY}`);
  t.equal(String(versions.select('application/json; version=2.1.0, text/n0')), '2.1.0', 'an evicted header is read again');
});

t.test('a header longer than MAX_CACHED_ACCEPT_LENGTH is read every time and never stored', async (t) => {
  const versions = acceptCache();
  const long = `application/json; version=2.1.0, text/pad${'x'.repeat(MAX_CACHED_ACCEPT_LENGTH)}`;
  t.equal(String(versions.select(long)), '2.1.0', 'read');
  t.equal(String(versions.select(long)), '2.1.0', 'read again');
  t.equal(versions.size, 0, 'not stored');
  t.type(versions.select(`text/html, text/pad${'x'.repeat(MAX_CACHED_ACCEPT_LENGTH)}`), AcceptHeaderError, 'refused as before');
  t.equal(versions.size, 0, 'still nothing stored');
  const longest = 'application/json; version=2.1.0, text/pad'.padEnd(MAX_CACHED_ACCEPT_LENGTH, 'x');
  versions.select(longest);
  versions.select(longest);
  t.equal(versions.size, 1, 'a header of MAX_CACHED_ACCEPT_LENGTH is stored');
});

t.test('a fault while resolving is thrown, and not remembered', async (t) => {
  let calls = 0;
  const versions = new AcceptCache(() => {
    calls += 1;
    throw new TypeError('the model broke');
  });
  t.throws(() => versions.select('application/json; version=2.1.0'), TypeError, 'thrown');
  t.throws(() => versions.select('application/json; version=2.1.0'), TypeError, 'thrown again');
  t.equal(calls, 2, 'resolved each time');
  t.equal(versions.size, 0, 'nothing stored');
});

t.test('a capacity of 0 turns the cache off: every header is read each time, answered the same, and none stored', async (t) => {
  let reads = 0;
  const versions = new AcceptCache(
    (requested) => {
      reads += 1;
      return standing.resolve(requested);
    },
    [],
    0,
  );
  for (const round of ['first', 'second', 'third']) {
    t.equal(versions.select('application/json; version=2.1.0'), direct('application/json; version=2.1.0'), `${round}: the model's own Version`);
  }
  t.equal(reads, 3, 'resolved each time');
  t.type(versions.select('text/html'), AcceptHeaderError, 'a refusal as before');
  t.equal(versions.size, 0, 'nothing stored');
});
