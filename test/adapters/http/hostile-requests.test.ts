import fc from 'fast-check';
import t from 'tap';
import { startService } from '../../fixtures/service.js';
import { header, WireConnection, type WireResponse } from '../../fixtures/wire.js';

// Property-based tests over the request target and the Accept header, sent as raw bytes. The seed is fixed
// so `npm test` is deterministic; FUZZ_SEED=<n> replays or explores another seed, FUZZ_RUNS=<n> runs more cases.
const SEED = Number(process.env['FUZZ_SEED'] ?? 20261123);
const RUNS = Number(process.env['FUZZ_RUNS'] ?? 250);
const ANSWER_TIMEOUT_MS = 5000;
const VERSION_CONTENT_TYPE = /^application\/json(; version=\d+\.\d+\.\d+)?$/;

/** Text as the bytes a client would put on the wire: UTF-8, so unicode arrives as multi-byte sequences. */
const utf8 = (text: string): Buffer => Buffer.from(text, 'utf8');
/** Arbitrary bytes, every value from 0 to 255 (CR, LF, NUL, DEL and high bytes included). */
const anyBytes = (maxLength: number) => fc.uint8Array({ maxLength }).map((bytes) => Buffer.from(bytes));

const unicodeText = (maxLength: number) => fc.string({ unit: 'binary', maxLength });
const controlCharacter = fc.integer({ min: 0, max: 0x1f }).map((code) => String.fromCharCode(code));
const brokenPercent = fc.constantFrom('%', '%2', '%zz', '%%', '%00', '%0d%0a', '%2e%2e', '%2F', '%C0%AE', '%ff', '%E2%82', '%u002e');
const bigNumber = fc.oneof(
  fc.constantFrom('0', '-1', '1.0', '1e3', '0x10', '01', '9007199254740993', '1'.repeat(400), 'NaN', 'Infinity'),
  fc.integer().map(String),
);

const segment = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom('doggies', 'cats', 'version', 'my_version', '1', '2', '5', '..', '.', '', 'DOGGIES') },
  { weight: 2, arbitrary: bigNumber },
  { weight: 2, arbitrary: brokenPercent },
  { weight: 2, arbitrary: fc.string({ maxLength: 12 }) },
  { weight: 1, arbitrary: unicodeText(8) },
  { weight: 1, arbitrary: controlCharacter },
);
const queryParameter = fc.oneof(
  fc
    .tuple(fc.constantFrom('limit', 'offset', 'LIMIT', 'version'), fc.oneof(bigNumber, fc.string({ maxLength: 6 }), brokenPercent))
    .map(([key, value]) => `${key}=${value}`),
  fc.string({ maxLength: 8 }),
  brokenPercent,
);
const query = fc.oneof(
  fc.constant(''),
  fc.array(queryParameter, { maxLength: 6 }).map((parameters) => `?${parameters.join('&')}`),
  fc.integer({ min: 100, max: 2000 }).map((count) => `?${'limit=1&'.repeat(count)}`),
);
const structuredPath = fc
  .tuple(fc.array(segment, { maxLength: 6 }), fc.boolean(), fc.constantFrom('/', '//', '///', '/./', '/../'), query)
  .map(([segments, slash, joiner, search]) => utf8(`/${segments.join(joiner)}${slash ? '/' : ''}${search}`));

/** What goes between the method and `HTTP/1.1`. */
const requestTarget = fc.oneof(
  { weight: 6, arbitrary: structuredPath },
  { weight: 2, arbitrary: anyBytes(48).map((bytes) => Buffer.concat([Buffer.from('/'), bytes])) },
  { weight: 1, arbitrary: anyBytes(48) },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom('', '*', '/', '//', '/..', '/../../etc/passwd', 'http://x/doggies/1/', 'doggies/', '/doggies', '/cats/1?limit=1', '//doggies')
      .map((text) => Buffer.from(text)),
  },
  { weight: 1, arbitrary: fc.integer({ min: 1000, max: 24_000 }).map((length) => Buffer.from(`/doggies/${'a'.repeat(length)}/`)) },
);

const versionValue = fc.oneof(
  fc.constantFrom(
    '1.0.0',
    '2.0.0',
    '2.1.0',
    '3.0.0',
    '4.0.0',
    '5.0.0',
    '9.9.9',
    '0.1.0',
    '1.0',
    'v1.0.0',
    '01.0.0',
    '1.0.0-rc1',
    '',
    '"2.0.0"',
    '"2.0.0',
    '"\\"',
    '2.10.0',
  ),
  fc.tuple(bigNumber, bigNumber, bigNumber).map((parts) => parts.join('.')),
  fc.string({ maxLength: 10 }),
  unicodeText(6),
);
const parameter = fc.oneof(
  { weight: 4, arbitrary: versionValue.map((value) => `version=${value}`) },
  { weight: 2, arbitrary: fc.oneof(bigNumber, fc.constantFrom('0', '0.5', '1', '1.000', '1.0001', '-0', '.5')).map((value) => `q=${value}`) },
  { weight: 1, arbitrary: fc.tuple(fc.string({ maxLength: 6 }), fc.string({ maxLength: 6 })).map(([name, value]) => `${name}=${value}`) },
  { weight: 1, arbitrary: fc.string({ maxLength: 6 }) },
);
const mediaRange = fc
  .tuple(
    fc.oneof(
      fc.constantFrom('application/json', 'APPLICATION/JSON', 'application/*', '*/*', 'text/html', '*/json', 'application', '/'),
      fc.string({ maxLength: 12 }),
    ),
    fc.array(parameter, { maxLength: 4 }),
    fc.constantFrom(';', ' ; ', ';;', '\t;'),
  )
  .map(([range, parameters, separator]) => [range, ...parameters].join(separator));
const acceptHeader = fc.oneof(
  { weight: 6, arbitrary: fc.array(mediaRange, { maxLength: 5 }).map((ranges) => utf8(ranges.join(', '))) },
  { weight: 2, arbitrary: anyBytes(64) },
  { weight: 1, arbitrary: unicodeText(32).map(utf8) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 600 }).map((count) => utf8(`application/json${'; a=b'.repeat(count)}; version=2.0.0`)) },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 1, max: 400 })
      .map((count) => utf8(Array.from({ length: count }, (_, i) => `application/json;version=${i % 6}.0.0;q=0.${i % 10}`).join(','))),
  },
  { weight: 1, arbitrary: fc.integer({ min: 1000, max: 24_000 }).map((length) => utf8(`application/json; version=${'9'.repeat(length)}`)) },
  { weight: 1, arbitrary: fc.constantFrom('', ' ', ',', ';', '=', '"', '*/*;q=0', 'application/json;q=0').map(utf8) },
);

const token = fc.string({
  unit: fc.constantFrom(..."!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"),
  minLength: 1,
  maxLength: 12,
});
const headerLine = fc
  .oneof(
    fc.tuple(
      fc.constantFrom('Host', 'Content-Length', 'Transfer-Encoding', 'Connection', 'Expect', 'Upgrade', 'Accept', 'Range', 'If-None-Match'),
      fc.oneof(fc.string({ maxLength: 12 }), bigNumber, fc.constantFrom('chunked', 'close', 'keep-alive', '100-continue', 'websocket', '0')),
    ),
    fc.tuple(token, fc.string({ maxLength: 20 })),
    fc.tuple(
      token,
      anyBytes(16).map((bytes) => bytes.toString('latin1')),
    ),
  )
  .map(([name, value]) => Buffer.from(`${name}: ${value}\r\n`, 'latin1'));
/** Any method token, known or not, and up to 30 extra header lines (duplicate Host, framing headers, raw bytes). */
const methodAndHeaders = fc.tuple(
  fc.oneof(fc.constantFrom('GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'DELETE', 'PATCH', 'TRACE', 'PROPFIND', 'CONNECT'), token),
  fc.array(headerLine, { maxLength: 30 }),
);

/** Checks one answer the way a strict client would; throws (so fast-check shrinks the input) when it is wrong. */
function checkAnswer(response: WireResponse, method: string): void {
  if (response.status < 200 || response.status > 499) throw new Error(`status ${response.status}: ${response.body}`);
  if (header(response, 'x-content-type-options') !== 'nosniff') throw new Error('no X-Content-Type-Options: nosniff');
  if (response.status === 204) return;
  const contentType = header(response, 'content-type') ?? '';
  if (!VERSION_CONTENT_TYPE.test(contentType)) throw new Error(`Content-Type ${JSON.stringify(contentType)}`);
  if (method === 'HEAD') return;
  const body = JSON.parse(response.body) as unknown;
  if (response.status >= 300 && typeof (body as { detail?: unknown }).detail !== 'string')
    throw new Error(`error body without detail: ${response.body}`);
}

async function send(port: number, method: string, target: Buffer, accept: Buffer | undefined): Promise<WireResponse> {
  const connection = await WireConnection.open(port, { bodiless: method === 'HEAD' });
  try {
    const lines = [Buffer.from(`${method} `), target, Buffer.from(' HTTP/1.1\r\nHost: x\r\n')];
    if (accept !== undefined) lines.push(Buffer.from('Accept: '), accept, Buffer.from('\r\n'));
    lines.push(Buffer.from('Connection: close\r\n\r\n'));
    connection.write(Buffer.concat(lines));
    return await connection.nextResponse(ANSWER_TIMEOUT_MS);
  } finally {
    connection.close();
  }
}

t.test(
  `random request targets, Accept headers, methods and header lines always get a well-formed JSON answer, never a 5xx (seed ${SEED}, ${RUNS} runs each)`,
  async (t) => {
    // Short timeouts, so a request the parser is still waiting on is answered (408) well inside ANSWER_TIMEOUT_MS.
    const service = await startService(t, { ACCESS_LOG: 'off', HEADERS_TIMEOUT_MS: '1000', REQUEST_TIMEOUT_MS: '1000' });
    t.comment(`fast-check seed ${SEED}; replay with FUZZ_SEED=${SEED}`);
    const statuses = new Map<number, number>();
    const record = (response: WireResponse) => statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    const method = fc.constantFrom('GET', 'GET', 'GET', 'HEAD');

    await fc.assert(
      fc.asyncProperty(method, requestTarget, async (verb, target) => {
        const response = await send(service.port, verb, target, utf8('application/json; version=3.0.0'));
        record(response);
        checkAnswer(response, verb);
      }),
      { seed: SEED, numRuns: RUNS },
    );
    await fc.assert(
      fc.asyncProperty(
        method,
        fc.constantFrom('/doggies/', '/doggies/1/', '/cats/1/', '/version/my_version/', '/nope/'),
        fc.option(acceptHeader, { nil: undefined }),
        async (verb, path, accept) => {
          const response = await send(service.port, verb, Buffer.from(path), accept);
          record(response);
          checkAnswer(response, verb);
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
    await fc.assert(
      fc.asyncProperty(method, requestTarget, acceptHeader, async (verb, target, accept) => {
        const response = await send(service.port, verb, target, accept);
        record(response);
        checkAnswer(response, verb);
      }),
      { seed: SEED, numRuns: RUNS },
    );

    await fc.assert(
      fc.asyncProperty(
        methodAndHeaders,
        fc.constantFrom('/doggies/', '/doggies/1/', '/cats/1/', '/version/', '/nope/'),
        async ([verb, headers], path) => {
          const connection = await WireConnection.open(service.port, { bodiless: verb === 'HEAD' });
          try {
            connection.write(Buffer.concat([Buffer.from(`${verb} ${path} HTTP/1.1\r\nHost: x\r\n`), ...headers, Buffer.from('\r\n')]));
            const response = await connection.nextResponse(ANSWER_TIMEOUT_MS);
            record(response);
            checkAnswer(response, verb);
          } finally {
            connection.close();
          }
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );

    const seen = [...statuses.entries()].sort(([a], [b]) => a - b);
    t.comment(`statuses seen: ${seen.map(([status, count]) => `${status}×${count}`).join(', ')}`);
    for (const status of [200, 204, 301, 400, 404, 405, 406, 417, 431]) t.ok(statuses.has(status), `the generators reach status ${status}`);
    t.same(service.stderr, [], 'no request was an unexpected error');
    t.equal((await fetch(`${service.url}/doggies/1/`)).status, 200, 'the service still answers');
  },
);
