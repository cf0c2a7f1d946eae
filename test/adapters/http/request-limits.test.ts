import t from 'tap';
import { HOSTILE_SHAPES } from '../../../bench/hostile-cost/shapes.js';
import { MAX_MEDIA_RANGES, MAX_RANGE_PARAMETERS } from '../../../src/adapters/http/request/media-range.js';
import { MAX_QUERY_PARAMETERS } from '../../../src/adapters/http/request/request-target.js';
import { startService } from '../../fixtures/service.js';
import { call, checkJsonHeaders, NOT_FOUND, rawCall, rawHeader } from './fixtures/http-client.js';
import { BIKO_NEWEST, SUPPORTED_LIST } from '../../fixtures/versions.js';

const TOO_MANY_RANGES = { detail: `The Accept header has more than ${MAX_MEDIA_RANGES} elements; the limit is ${MAX_MEDIA_RANGES}.` };
const TOO_MANY_PARAMETERS = {
  detail: `A media range in the Accept header has more than ${MAX_RANGE_PARAMETERS} parameters; the limit is ${MAX_RANGE_PARAMETERS}.`,
};
const TOO_MANY_QUERY_PARAMETERS = {
  detail: `The query string has more than ${MAX_QUERY_PARAMETERS} parameters; the limit is ${MAX_QUERY_PARAMETERS}.`,
};
const DOG_AT_2_1_0 = { id: 1, name: 'Biko', birthday: '2014-05-06', age: 12 };

t.test('an Accept header past its limits is a 400 naming the limit, on every versioned route', async (t) => {
  const service = await startService(t, { ACCESS_LOG: 'off' });
  const ranges = `${'text/html, '.repeat(MAX_MEDIA_RANGES)}application/json; version=2.1.0`;
  const parameters = `application/json; version=2.1.0${'; a=b'.repeat(MAX_RANGE_PARAMETERS)}`;
  for (const path of ['/doggies/1/', '/doggies/', '/version/', '/version/my_version/']) {
    const tooManyRanges = await call(service.url, path, { headers: { accept: ranges } });
    t.equal(tooManyRanges.status, 400, `${path}, too many ranges: 400`);
    t.same(tooManyRanges.json, TOO_MANY_RANGES, `${path}, too many ranges: the limit named`);
    checkJsonHeaders(t, tooManyRanges, undefined, `${path}, too many ranges`);
    const tooManyParameters = await call(service.url, path, { headers: { accept: parameters } });
    t.equal(tooManyParameters.status, 400, `${path}, too many parameters: 400`);
    t.same(tooManyParameters.json, TOO_MANY_PARAMETERS, `${path}, too many parameters: the limit named`);
  }
  const unknown = await call(service.url, '/nowhere/', { headers: { accept: ranges } });
  t.same([unknown.status, unknown.json], [404, NOT_FOUND], 'an unknown path is a 404 before Accept is read');
  const health = await call(service.url, '/health/', { headers: { accept: ranges } });
  t.equal(health.status, 200, '/health/ does not read Accept');
});

t.test('a query string past MAX_QUERY_PARAMETERS is a 400 naming the limit; at the limit it is read', async (t) => {
  const service = await startService(t, { ACCESS_LOG: 'off' });
  const atLimit = await call(service.url, `/doggies/?limit=1${'&'.repeat(MAX_QUERY_PARAMETERS - 1)}`);
  t.same([atLimit.status, (atLimit.json as unknown[]).length], [200, 1], 'at the limit: the page');
  for (const [message, query] of [
    ['unknown parameters', `limit=1${'&x=1'.repeat(MAX_QUERY_PARAMETERS)}`],
    ['one parameter repeated', 'limit=1&'.repeat(MAX_QUERY_PARAMETERS + 1)],
    ['separators only', '&'.repeat(MAX_QUERY_PARAMETERS)],
  ] as const) {
    const reply = await call(service.url, `/doggies/?${query}`);
    t.equal(reply.status, 400, `${message}: 400`);
    t.same(reply.json, TOO_MANY_QUERY_PARAMETERS, `${message}: the limit named`);
  }
  const detail = await call(service.url, `/doggies/1/?${'&'.repeat(MAX_QUERY_PARAMETERS)}`, {
    headers: { accept: 'application/json; version=2.1.0' },
  });
  t.same([detail.status, detail.json], [400, TOO_MANY_QUERY_PARAMETERS], 'a route that reads no query is held to the limit too');
});

/** What each hostile shape of the cost bench gets at 1 MB: read to the end, and answered as its content says. */
const ANSWERS: Readonly<Record<string, readonly [number, unknown]>> = {
  'Accept: one parameter name repeated': [400, TOO_MANY_PARAMETERS],
  'Accept: distinct parameters': [400, TOO_MANY_PARAMETERS],
  'Accept: many ranges, no version': [400, TOO_MANY_RANGES],
  'Accept: many versioned ranges': [400, TOO_MANY_RANGES],
  'Accept: empty elements': [400, TOO_MANY_RANGES],
  'Accept: empty parameters': [400, TOO_MANY_PARAMETERS],
  'Accept: a quoted value full of escapes': [
    406,
    { detail: /^The Accept header's application\/json has a parameter "a=.{1,120}…" this API does not read/ },
  ],
  'Accept: an unclosed quote': [
    406,
    {
      detail:
        /^Could not satisfy the Accept header "application\/json; version=2\.1\.0; a=.{1,80}…": this API answers application\/json only\. Supported versions: /,
    },
  ],
  'Accept: quotes opening and closing': [400, TOO_MANY_PARAMETERS],
  'Accept: a long version value': [
    406,
    { detail: `Malformed version "${'9'.repeat(64)}…": a version is MAJOR.MINOR.PATCH, such as 1.0.0. Supported versions: ${SUPPORTED_LIST}.` },
  ],
  'Accept: white space': [200, DOG_AT_2_1_0],
  'If-None-Match: many entity tags': [200, DOG_AT_2_1_0],
  'If-None-Match: many weak tags': [200, DOG_AT_2_1_0],
  'If-None-Match: an unclosed quote': [200, DOG_AT_2_1_0],
  'If-None-Match: separators only': [200, DOG_AT_2_1_0],
  'path: one long segment': [404, NOT_FOUND],
  'path: many segments': [404, NOT_FOUND],
  'path: many slashes, no trailing one': [404, NOT_FOUND],
  'path: percent-encoding': [404, NOT_FOUND],
  'query: one parameter repeated': [400, TOO_MANY_QUERY_PARAMETERS],
  'query: distinct parameters': [400, TOO_MANY_QUERY_PARAMETERS],
  'query: one long value': [400, { detail: `limit must be a whole number from 1 to 1000; got "${'1'.repeat(40)}…".` }],
  'query: separators only': [400, TOO_MANY_QUERY_PARAMETERS],
  'Host: a long value': [200, BIKO_NEWEST],
};

t.test('every hostile shape of the cost bench, at 1 MB, is read whole and answered as its content says', async (t) => {
  const service = await startService(t, { ACCESS_LOG: 'off', MAX_HEADER_SIZE: '1048576' });
  t.same(Object.keys(ANSWERS).sort(), HOSTILE_SHAPES.map((shape) => shape.name).sort(), 'every shape has its expected answer');
  for (const shape of HOSTILE_SHAPES) {
    const { target, headers } = shape.build(1_040_000);
    const reply = await rawCall(service.port, 'GET', target, headers);
    const [status, body] = ANSWERS[shape.name] ?? [0, undefined];
    t.equal(Number(reply.statusLine.slice(9, 12)), status, `${shape.name}: ${status}`);
    const parsed: unknown = JSON.parse(Buffer.from(reply.body, 'latin1').toString('utf8'));
    if ((body as { detail?: unknown }).detail instanceof RegExp) t.match(parsed, body, `${shape.name}: the body`);
    else t.same(parsed, body, `${shape.name}: the body`);
    t.equal(rawHeader(reply, 'x-content-type-options'), 'nosniff', `${shape.name}: a JSON answer`);
  }
  t.same(service.stderr, [], 'no unexpected error');
});
