import t from 'tap';
import { quoteShortened } from '../../../../src/domain/errors/quote-shortened.js';
import { versionFromAccept as readVersionFromAccept } from '../../../../src/adapters/http/request/accept-header.js';
import {
  MAX_MEDIA_RANGES,
  MAX_RANGE_PARAMETERS,
  parseMediaRanges as readMediaRanges,
  type MediaRange,
} from '../../../../src/adapters/http/request/media-range.js';
import { AcceptHeaderError } from '../../../../src/adapters/http/request/refusals.js';
import { thrown } from '../../../fixtures/thrown.js';

// The parsers return their refusals; read here as thrown, as t.throws expects.
const versionFromAccept = thrown(readVersionFromAccept);
const parseMediaRanges = thrown(readMediaRanges);

const unsatisfiable = (header: string) => `Could not satisfy the Accept header ${quoteShortened(header)}: this API answers application/json only.`;

const plain = (range: MediaRange) => ({
  type: range.type,
  subtype: range.subtype,
  parameters: Object.fromEntries([...range.parameters].map(([name, values]) => [name, [...values]])),
  weight: range.weight,
});

t.test('parseMediaRanges reads type, subtype, parameters and weight', async (t) => {
  const cases: [string, string, ReturnType<typeof plain>[]][] = [
    ['a bare type', 'application/json', [{ type: 'application', subtype: 'json', parameters: {}, weight: 1 }]],
    [
      'type, subtype and parameter names are lowercased; values keep their case',
      'Application/JSON; Version=2.0.0; Note=AbC',
      [{ type: 'application', subtype: 'json', parameters: { version: ['2.0.0'], note: ['AbC'] }, weight: 1 }],
    ],
    [
      'q sets the weight and is not a parameter',
      'text/html;q=0.8, */*;q=0',
      [
        { type: 'text', subtype: 'html', parameters: {}, weight: 0.8 },
        { type: '*', subtype: '*', parameters: {}, weight: 0 },
      ],
    ],
    ['Q is q', 'application/json;Q=0.5', [{ type: 'application', subtype: 'json', parameters: {}, weight: 0.5 }]],
    [
      'white space around ; and = is allowed',
      'application/json ;  version = 2.0.0 ;q = 0.25',
      [{ type: 'application', subtype: 'json', parameters: { version: ['2.0.0'] }, weight: 0.25 }],
    ],
    [
      'tabs count as white space',
      'application/json\t;\tversion=2.0.0',
      [{ type: 'application', subtype: 'json', parameters: { version: ['2.0.0'] }, weight: 1 }],
    ],
    [
      'a quoted value is unquoted',
      'application/json; version="2.0.0"',
      [{ type: 'application', subtype: 'json', parameters: { version: ['2.0.0'] }, weight: 1 }],
    ],
    [
      'commas and semicolons inside quotes do not split',
      'application/json; note="a,b;c"; version=1.0.0',
      [{ type: 'application', subtype: 'json', parameters: { note: ['a,b;c'], version: ['1.0.0'] }, weight: 1 }],
    ],
    [
      'quoted-pairs are unescaped',
      'application/json; note="say \\"hi\\""',
      [{ type: 'application', subtype: 'json', parameters: { note: ['say "hi"'] }, weight: 1 }],
    ],
    [
      'an escaped quote does not end the quoted string, so a comma after it does not split',
      'application/json; note="a\\",b"; version=1.0.0',
      [{ type: 'application', subtype: 'json', parameters: { note: ['a",b'], version: ['1.0.0'] }, weight: 1 }],
    ],
    [
      'a quoted value longer than one call of String.fromCharCode takes, with an escape',
      `application/json; note="\\${'x'.repeat(20000)}"`,
      [{ type: 'application', subtype: 'json', parameters: { note: ['x'.repeat(20000)] }, weight: 1 }],
    ],
    [
      'a repeated parameter keeps every value, in order',
      'application/json; version=1.0.0; VERSION=2.0.0',
      [{ type: 'application', subtype: 'json', parameters: { version: ['1.0.0', '2.0.0'] }, weight: 1 }],
    ],
    [
      'an empty value is kept as empty',
      'application/json; version=',
      [{ type: 'application', subtype: 'json', parameters: { version: [''] }, weight: 1 }],
    ],
    [
      'empty list elements and empty parameters are skipped',
      ' , application/json;;q=0.5 ,',
      [{ type: 'application', subtype: 'json', parameters: {}, weight: 0.5 }],
    ],
    [
      'so are parameters of white space only',
      'application/json; \t ; version=1.0.0',
      [{ type: 'application', subtype: 'json', parameters: { version: ['1.0.0'] }, weight: 1 }],
    ],
    [
      'weights with up to three decimals',
      'a/b;q=1.000, c/d;q=0.001, e/f;q=0., g/h;q=1',
      [
        { type: 'a', subtype: 'b', parameters: {}, weight: 1 },
        { type: 'c', subtype: 'd', parameters: {}, weight: 0.001 },
        { type: 'e', subtype: 'f', parameters: {}, weight: 0 },
        { type: 'g', subtype: 'h', parameters: {}, weight: 1 },
      ],
    ],
    [
      'type wildcards',
      'application/*, */*',
      [
        { type: 'application', subtype: '*', parameters: {}, weight: 1 },
        { type: '*', subtype: '*', parameters: {}, weight: 1 },
      ],
    ],
  ];
  for (const [message, header, expected] of cases) {
    t.same(parseMediaRanges(header).map(plain), expected, message);
  }
});

t.test('parseMediaRanges leaves out elements that do not parse, and keeps the others', async (t) => {
  const broken = [
    ['no slash', 'json'],
    ['two slashes', 'application/json/x'],
    ['a subtype without its type', '*/json'],
    ['a space inside the type', 'appli cation/json'],
    ['an empty subtype', 'application/'],
    ['a weight above 1', 'text/html;q=2'],
    ['a weight above 1 ending in 0', 'text/html;q=10'],
    ['a weight above 1 ending in 1', 'text/html;q=21'],
    ['a negative weight', 'text/html;q=-0.5'],
    ['a weight with four decimals', 'text/html;q=0.1234'],
    ['a weight that is not a number', 'text/html;q=high'],
    ['1 with non-zero decimals', 'text/html;q=1.5'],
    ['a bad weight on a range of another type, though its subtype is json', 'text/json;q=2'],
    ['a bad weight on all the subtypes of another type', 'text/*;q=2'],
    ['a bad weight on an application range that is not JSON', 'application/xml;q=2'],
    ['a parameter without =', 'application/json; version'],
    ['a parameter name that is not a token', 'application/json; ver sion=1'],
    ['an unquoted value with a space', 'application/json; version=1 0'],
    ['a quoted string inside a value', 'application/json; version=1"0"'],
  ];
  for (const [message, element] of broken) {
    t.same(
      parseMediaRanges(`${element as string}, text/plain`).map(plain),
      [{ type: 'text', subtype: 'plain', parameters: {}, weight: 1 }],
      `${message as string}: ${JSON.stringify(element)} is left out`,
    );
  }
  t.same(
    parseMediaRanges('text/plain, application/json; version="1.0.0, */*').map(plain),
    [{ type: 'text', subtype: 'plain', parameters: {}, weight: 1 }],
    'an unterminated quoted value runs to the end of the header and is left out',
  );
  // A quote opens a quoted string that runs to the end of the header, so these are the last element.
  for (const [message, element] of [
    ['a lone quote', 'application/json; version="'],
    ['a value that only ends in a quote', 'application/json; version=1.0.0"'],
    ['an escape of the closing quote', 'application/json; version="1.0.0\\"'],
    ['an inner quote not escaped', 'application/json; version="1"0"'],
  ]) {
    t.same(
      parseMediaRanges(`text/plain, ${element as string}`).map(plain),
      [{ type: 'text', subtype: 'plain', parameters: {}, weight: 1 }],
      `${message as string}: ${JSON.stringify(element)} is left out`,
    );
  }
});

t.test('parseMediaRanges reads MAX_MEDIA_RANGES elements and MAX_RANGE_PARAMETERS parameters of one, and refuses more', async (t) => {
  const elements = (count: number) => Array.from({ length: count }, () => 'text/plain').join(',');
  t.equal(parseMediaRanges(elements(MAX_MEDIA_RANGES)).length, MAX_MEDIA_RANGES, `${MAX_MEDIA_RANGES} elements: read`);
  t.match(
    t.throws(() => parseMediaRanges(elements(MAX_MEDIA_RANGES + 1)), AcceptHeaderError),
    { code: 'accept_over_limit', message: `The Accept header has more than ${MAX_MEDIA_RANGES} elements; the limit is ${MAX_MEDIA_RANGES}.` },
    `${MAX_MEDIA_RANGES + 1} elements: refused, naming the limit`,
  );
  const parameters = (count: number) => `text/plain${Array.from({ length: count }, (_, index) => `;p${index}=1`).join('')}`;
  t.equal(parseMediaRanges(parameters(MAX_RANGE_PARAMETERS))[0]?.parameters.size, MAX_RANGE_PARAMETERS, `${MAX_RANGE_PARAMETERS} parameters: read`);
  t.match(
    t.throws(() => parseMediaRanges(parameters(MAX_RANGE_PARAMETERS + 1)), AcceptHeaderError),
    {
      code: 'accept_over_limit',
      message: `A media range in the Accept header has more than ${MAX_RANGE_PARAMETERS} parameters; the limit is ${MAX_RANGE_PARAMETERS}.`,
    },
    `${MAX_RANGE_PARAMETERS + 1} parameters: refused, naming the limit`,
  );
});

t.test('versionFromAccept gives the version of the range content negotiation picks for JSON', async (t) => {
  const cases: [string, string | undefined, string | undefined][] = [
    ['no header', undefined, undefined],
    ['an empty header', '', undefined],
    ['a blank header', '   ', undefined],
    ['*/*', '*/*', undefined],
    ['application/json without version', 'application/json', undefined],
    ['application/* without version', 'application/*', undefined],
    ['an empty version=', 'application/json; version=', undefined],
    ['an empty quoted version', 'application/json; version=""', undefined],
    ['a version', 'application/json; version=2.0.0', '2.0.0'],
    ['a quoted version', 'application/json; version="2.0.0"', '2.0.0'],
    ['the parameter name is case-insensitive', 'application/json; Version=2.1.0', '2.1.0'],
    ['so is the media type', 'APPLICATION/JSON; VERSION=2.1.0', '2.1.0'],
    ['no white space', 'application/json;version=3.0.0', '3.0.0'],
    ['white space around ; and =', 'application/json ; version = 3.0.0', '3.0.0'],
    ['a version on application/*', 'application/*; version=4.0.0', '4.0.0'],
    ['a version on */*', '*/*; version=4.0.0', '4.0.0'],
    ['ranges JSON does not match are ignored', 'text/html, application/json; version=2.1.0', '2.1.0'],
    ['a version on a range JSON does not match is ignored', 'text/html; version=2.0.0, */*', undefined],
    ['a version on a less specific range is ignored', 'application/json, */*; version=3.0.0', undefined],
    ['JSON at a low weight is still acceptable', 'text/html;q=0.9, application/json;version=2.1.0;q=0.1', '2.1.0'],
    ['application/json beats */* whatever the order', '*/*; version=3.0.0, application/json; version=1.0.0', '1.0.0'],
    ['application/* beats */*', '*/*; version=1.0.0, application/*; version=3.0.0', '3.0.0'],
    ['among equally specific ranges the higher weight wins', 'application/json;version=1.0.0;q=0.5, application/json;version=2.0.0;q=0.9', '2.0.0'],
    ['a q=0 range loses to an acceptable one of the same type', 'application/json;q=0, application/json;version=2.0.0', '2.0.0'],
    ['q=0 on a versioned range refuses that version only (RFC 9110 precedence)', 'application/json; version=1.0.0; q=0, */*; version=2.0.0', '2.0.0'],
    ['a range with parameters is more specific than the same without', 'application/json, application/json;version=2.0.0', '2.0.0'],
    ['a charset is a parameter too', 'application/json;charset=utf-8, application/json;version=2.0.0', '2.0.0'],
    ['the same version twice is not a conflict', 'application/json; version=2.0.0; version="2.0.0"', '2.0.0'],
    ["the value is returned as sent; checking it is not the header parser's job", 'application/json; version=v1.0.0', 'v1.0.0'],
  ];
  for (const [message, header, expected] of cases) {
    t.equal(versionFromAccept(header), expected, `${message}: ${JSON.stringify(header)}`);
  }
});

t.test('versionFromAccept refuses a header that admits no JSON', async (t) => {
  const headers = [
    ['only text/html', 'text/html'],
    ['only other types', 'text/html, image/png;q=0.5'],
    ['another application type', 'application/xml'],
    ['text/*', 'text/*'],
    ['text/json is not JSON here', 'text/json'],
    ['JSON excluded by q=0', 'application/json;q=0'],
    ['the one version asked for is refused by q=0', 'application/json;version=2.0.0;q=0, application/json;version=2.0.0;q=0.5, */*'],
    ['an unversioned q=0 as specific as the winner', 'application/json;charset=utf-8;q=0, application/json;version=2.0.0'],
    ['everything excluded by q=0', '*/*;q=0'],
    ['application/* excluded by q=0 even though */* is acceptable', 'application/*;q=0, */*'],
    ['q=0.000 is q=0', 'application/json;q=0.000'],
  ];
  for (const [message, header] of headers) {
    const error = t.throws(() => versionFromAccept(header), AcceptHeaderError, `${message as string}: ${JSON.stringify(header)}`);
    t.match(error, { code: 'unsatisfiable_accept' }, `${message as string}: code`);
    t.equal((error as Error).message, unsatisfiable(header as string), `${message as string}: the message, naming no version when none is known`);
  }
  t.match(
    t.throws(() => versionFromAccept('text/html', ['2.0.0', '1.0.0'])),
    {
      message:
        'Could not satisfy the Accept header "text/html": this API answers application/json only. Supported versions: 2.0.0, 1.0.0 (Accept: application/json; version=2.0.0).',
    },
    'the supported versions named, newest first, when known',
  );
});

t.test('a range that admits JSON with a q-value that does not parse is refused, naming the q-value', async (t) => {
  const cases = [
    ['above 1 by a little', 'application/json; q=1.0001; version=2.1.0', 'application/json', '"1.0001"'],
    ['above 1', 'application/*;q=2', 'application/*', '"2"'],
    ['negative', 'text/html, */*;q=-0.5', '*/*', '"-0.5"'],
    ['not a number', 'application/json;q=high', 'application/json', '"high"'],
  ];
  for (const [what, header, range, value] of cases) {
    const error = t.throws(() => versionFromAccept(header), AcceptHeaderError, `${what as string}: refused`);
    t.equal(
      (error as AcceptHeaderError).message,
      `The Accept header's ${range as string} has an invalid q-value ${value as string}: a weight is 0 to 1 with at most three decimals (q=0.9, RFC 9110 12.4.2).`,
      `${what as string}: the q-value named`,
    );
    t.match(error, { code: 'invalid_accept_weight' }, `${what as string}: its code`);
  }
});

t.test('a parameter other than version, q and charset on the picked range is refused, naming it; elsewhere it is not read', async (t) => {
  const refused = [
    ['a misspelt version', 'application/json; v=2.1.0', '"v=2.1.0"'],
    ['beside the version', 'application/json; version=2.1.0; profile=x', '"profile=x"'],
    ['on */*', '*/*; ver=1.0.0', '"ver=1.0.0"'],
  ];
  for (const [what, header, named] of refused) {
    const error = t.throws(() => versionFromAccept(header), AcceptHeaderError, `${what as string}: refused`);
    t.match(
      error,
      { code: 'unknown_accept_parameter', message: `has a parameter ${named as string} this API does not read` },
      `${what as string}: named`,
    );
  }
  t.equal(
    (t.throws(() => versionFromAccept('application/json; version=3.0.0; foo=bar')) as Error).message,
    `The Accept header's application/json has a parameter "foo=bar" this API does not read: it reads "version", "q" and "charset" (application/json; version=2.1.0; q=0.9; charset=utf-8).`,
    'the message names every parameter read',
  );
  t.equal(versionFromAccept('application/json; charset=utf-8; version=2.0.0'), '2.0.0', 'charset is ignored: JSON is UTF-8');
  t.equal(versionFromAccept('application/json; version=2.0.0, text/html; level=1; q=0.5'), '2.0.0', 'a range that loses is not read');
});

t.test('versionFromAccept refuses two different versions on the picked range', async (t) => {
  const headers = [
    ['two version parameters', 'application/json; version=1.0.0; version=2.0.0'],
    ['names differ only in case', 'application/json; version=1.0.0; VERSION="2.0.0"'],
    ['on */*', '*/*; version=1.0.0; version=3.0.0'],
    ['on two equally preferred ranges', 'application/json;version=1.0.0, application/json;version=2.0.0'],
    ['on two equally preferred ranges of equal weight', 'text/html, application/json;version=1.0.0;q=0.8, application/json;q=0.8;version=3.0.0'],
  ];
  for (const [message, header] of headers) {
    const error = t.throws(() => versionFromAccept(header), AcceptHeaderError, `${message as string}: ${JSON.stringify(header)}`);
    t.match(error, { code: 'conflicting_version', message: /more than one version.*"1\.0\.0".*"[23]\.0\.0"/ }, `${message as string}: names both`);
  }
  t.equal(
    (t.throws(() => versionFromAccept('application/json; version=1.0.0; version=2.0.0')) as Error).message,
    'The Accept header names more than one version: "1.0.0", "2.0.0".',
    'the message',
  );
});
