import t from 'tap';
import { versionFromAccept as readVersionFromAccept } from '../../../src/adapters/http/request/accept-header.js';
import { MAX_MEDIA_RANGES, MAX_RANGE_PARAMETERS, parseMediaRanges as readMediaRanges } from '../../../src/adapters/http/request/media-range.js';
import { AcceptHeaderError } from '../../../src/adapters/http/request/refusals.js';
import { thrown } from '../../fixtures/thrown.js';

// The parsers return their refusals; read here as thrown, as t.throws expects.
const versionFromAccept = thrown(readVersionFromAccept);
const parseMediaRanges = thrown(readMediaRanges);

const ELEMENTS = `The Accept header has more than ${MAX_MEDIA_RANGES} elements; the limit is ${MAX_MEDIA_RANGES}.`;
const PARAMETERS = `A media range in the Accept header has more than ${MAX_RANGE_PARAMETERS} parameters; the limit is ${MAX_RANGE_PARAMETERS}.`;

t.test('up to MAX_MEDIA_RANGES elements are read; one more is refused, naming the limit, never read in part', async (t) => {
  const ranges = (count: number) =>
    [...Array.from({ length: count - 1 }, (_, index) => `text/t${index}`), 'application/json;version=2.1.0'].join(', ');
  t.equal(parseMediaRanges(ranges(MAX_MEDIA_RANGES)).length, MAX_MEDIA_RANGES, 'at the limit: every range');
  t.equal(versionFromAccept(ranges(MAX_MEDIA_RANGES)), '2.1.0', 'at the limit: the version of the last range');
  const error = t.throws(() => versionFromAccept(ranges(MAX_MEDIA_RANGES + 1)), AcceptHeaderError, 'one more: refused');
  t.match(error, { code: 'accept_over_limit', message: ELEMENTS }, 'code and message');
  t.throws(() => parseMediaRanges(','.repeat(MAX_MEDIA_RANGES)), { message: ELEMENTS }, 'empty elements count too');
  t.equal(parseMediaRanges(','.repeat(MAX_MEDIA_RANGES - 1)).length, 0, 'as many empty elements as the limit: nothing, no refusal');
  t.equal(parseMediaRanges(`application/json;a="${','.repeat(500)}"`).length, 1, 'a comma inside a quoted string separates nothing');
});

t.test('up to MAX_RANGE_PARAMETERS parameters of one range are read; one more is refused', async (t) => {
  const range = (count: number) => `application/json;version=2.1.0${Array.from({ length: count - 1 }, (_, index) => `;p${index}=v`).join('')}`;
  const [atLimit] = parseMediaRanges(range(MAX_RANGE_PARAMETERS));
  t.equal(atLimit?.parameters.size, MAX_RANGE_PARAMETERS, 'at the limit: every parameter');
  t.throws(() => parseMediaRanges(range(MAX_RANGE_PARAMETERS + 1)), { code: 'accept_over_limit', message: PARAMETERS }, 'one more: refused');
  t.throws(() => parseMediaRanges(`application/json${';'.repeat(MAX_RANGE_PARAMETERS + 1)}`), { message: PARAMETERS }, 'empty parameters count too');
  t.throws(() => parseMediaRanges(`application/json${';q=1'.repeat(MAX_RANGE_PARAMETERS + 1)}`), { message: PARAMETERS }, 'q counts too');
});

t.test('a parameter name repeated keeps every value, in order', async (t) => {
  const [range] = parseMediaRanges('application/json;a=1;A=2;a="3"');
  t.same(range?.parameters.get('a'), ['1', '2', '3']);
});

t.test('quoted strings: escapes undone in one pass; an unclosed or broken one makes the range unreadable', async (t) => {
  const value = (text: string) => parseMediaRanges(`application/json;a=${text}`)[0]?.parameters.get('a');
  const cases: [string, string, string[] | undefined][] = [
    ['plain', '"2.1.0"', ['2.1.0']],
    ['empty', '""', ['']],
    ['escaped quote and backslash', '"x\\"y\\\\z"', ['x"y\\z']],
    ['an escaped ordinary character', '"\\a\\b"', ['ab']],
    ['a separator inside', '"a,b;c"', ['a,b;c']],
    ['a long run of escapes', `"${'\\"'.repeat(10_000)}"`, ['"'.repeat(10_000)]],
    ['unclosed', '"abc', undefined],
    ['the closing quote escaped', '"abc\\"', undefined],
    ['a lone quote', '"', undefined],
    ['text after the closing quote', '"a"b', undefined],
    ['an unescaped quote inside', '"a"b"', undefined],
  ];
  for (const [message, text, expected] of cases) t.same(value(text), expected, message);
});
