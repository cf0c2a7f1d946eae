import t from 'tap';
import { DEFAULT_SERVER_LIMITS, readSettings } from '../../../src/adapters/config/settings.js';
import { SUPPORTED_VERSIONS } from '../../../src/domain/api-history/bundle.js';
import { Version } from '../../../src/domain/versioning/version.js';
import { StartupError } from '../../../src/domain/errors/startup-error.js';

const SUPPORTED = SUPPORTED_VERSIONS.map((version) => Version.parse(version));
const LONGEST_TIMER = '2147483647';

function refusal(env: Record<string, string>): string {
  try {
    readSettings(env, SUPPORTED);
  } catch (error) {
    if (error instanceof StartupError) return error.message;
    throw error;
  }
  return '(accepted)';
}

t.test("the defaults are safe: short header timeout, bounded request time, node's header size, rotating connections", async (t) => {
  t.strictSame(readSettings({}, SUPPORTED).limits, DEFAULT_SERVER_LIMITS);
  t.strictSame(DEFAULT_SERVER_LIMITS, {
    headersTimeoutMs: 10_000,
    requestTimeoutMs: 30_000,
    keepAliveTimeoutMs: 5_000,
    maxHeaderSize: 16_384,
    maxRequestsPerSocket: 1_000,
    drainTimeoutMs: 10_000,
  });
  t.ok(Object.isFrozen(DEFAULT_SERVER_LIMITS), 'the defaults cannot be changed by accident');
});

t.test('every valid value of each limit is read', async (t) => {
  const cases: [string, string, keyof typeof DEFAULT_SERVER_LIMITS, number][] = [
    ['HEADERS_TIMEOUT_MS', '1', 'headersTimeoutMs', 1],
    ['HEADERS_TIMEOUT_MS', '2500', 'headersTimeoutMs', 2500],
    ['HEADERS_TIMEOUT_MS', '30000', 'headersTimeoutMs', 30_000],
    ['REQUEST_TIMEOUT_MS', '10000', 'requestTimeoutMs', 10_000],
    ['REQUEST_TIMEOUT_MS', LONGEST_TIMER, 'requestTimeoutMs', 2_147_483_647],
    ['KEEP_ALIVE_TIMEOUT_MS', '1', 'keepAliveTimeoutMs', 1],
    ['KEEP_ALIVE_TIMEOUT_MS', '65000', 'keepAliveTimeoutMs', 65_000],
    ['MAX_HEADER_SIZE', '1024', 'maxHeaderSize', 1024],
    ['MAX_HEADER_SIZE', '8192', 'maxHeaderSize', 8192],
    ['MAX_HEADER_SIZE', '1048576', 'maxHeaderSize', 1_048_576],
    ['MAX_REQUESTS_PER_SOCKET', '0', 'maxRequestsPerSocket', 0],
    ['MAX_REQUESTS_PER_SOCKET', '1', 'maxRequestsPerSocket', 1],
    ['MAX_REQUESTS_PER_SOCKET', '9007199254740991', 'maxRequestsPerSocket', Number.MAX_SAFE_INTEGER],
    ['DRAIN_TIMEOUT_MS', '1', 'drainTimeoutMs', 1],
    ['DRAIN_TIMEOUT_MS', '60000', 'drainTimeoutMs', 60_000],
    ['DRAIN_TIMEOUT_MS', LONGEST_TIMER, 'drainTimeoutMs', 2_147_483_647],
  ];
  for (const [name, value, key, expected] of cases) {
    const { limits } = readSettings({ [name]: value }, SUPPORTED);
    t.strictSame(limits, { ...DEFAULT_SERVER_LIMITS, [key]: expected }, `${name}=${value} gives ${key} ${expected}, the others stay default`);
  }
});

t.test('a bad limit is refused, naming the setting, the value and what is expected', async (t) => {
  const durations = ['HEADERS_TIMEOUT_MS', 'REQUEST_TIMEOUT_MS', 'KEEP_ALIVE_TIMEOUT_MS', 'DRAIN_TIMEOUT_MS'];
  const badDurations: [string, string][] = [
    ['0', 'zero, which node reads as "no timeout"'],
    ['-1', 'a negative duration'],
    ['2147483648', 'longer than a timer can wait'],
    ['99999999999999999', 'past the safe integers'],
    ['1.5', 'a fraction'],
    ['1e4', 'exponent notation'],
    ['010', 'a leading zero'],
    [' 100', 'a leading space'],
    ['10s', 'a unit'],
    ['', 'empty'],
  ];
  const cases: [string, string, RegExp, string][] = [
    ...durations.flatMap((name) =>
      badDurations.map(([value, what]): [string, string, RegExp, string] => [name, value, /milliseconds, a whole number from 1 to 2147483647/, what]),
    ),
    ['MAX_HEADER_SIZE', '1023', /bytes, a whole number from 1024 to 1048576/, 'below 1 KiB'],
    ['MAX_HEADER_SIZE', '1048577', /from 1024 to 1048576/, 'above 1 MiB'],
    ['MAX_HEADER_SIZE', '0', /from 1024 to 1048576/, 'zero'],
    ['MAX_HEADER_SIZE', '16k', /from 1024 to 1048576/, 'a unit'],
    ['MAX_REQUESTS_PER_SOCKET', '-1', /a whole number, 0 for no limit/, 'a negative count'],
    ['MAX_REQUESTS_PER_SOCKET', '9007199254740992', /0 for no limit/, 'past the safe integers'],
    ['MAX_REQUESTS_PER_SOCKET', 'unlimited', /0 for no limit/, 'a word'],
  ];
  for (const [name, value, expected, what] of cases) {
    const message = refusal({ [name]: value });
    t.ok(message.startsWith(`bad setting: ${name}=${JSON.stringify(value)} is not valid: expected `), `${name}: ${what} is refused and named`, {
      message,
    });
    t.match(message, expected, `${name}: ${what}: the message says what is expected`);
  }
});

t.test('a headers timeout longer than the request timeout is refused, naming both', async (t) => {
  t.equal(
    refusal({ HEADERS_TIMEOUT_MS: '5000', REQUEST_TIMEOUT_MS: '4000' }),
    'bad setting: HEADERS_TIMEOUT_MS="5000" is longer than REQUEST_TIMEOUT_MS="4000": ' +
      'the headers are part of the request, so HEADERS_TIMEOUT_MS must not exceed REQUEST_TIMEOUT_MS',
    'both set',
  );
  t.match(
    refusal({ REQUEST_TIMEOUT_MS: '5000' }),
    /^bad setting: HEADERS_TIMEOUT_MS \(10000, the default\) is longer than REQUEST_TIMEOUT_MS="5000"/,
    'the default headers timeout against a short request timeout',
  );
  t.match(
    refusal({ HEADERS_TIMEOUT_MS: '40000' }),
    /^bad setting: HEADERS_TIMEOUT_MS="40000" is longer than REQUEST_TIMEOUT_MS \(30000, the default\)/,
    'a long headers timeout against the default request timeout',
  );
  t.equal(
    readSettings({ HEADERS_TIMEOUT_MS: '5000', REQUEST_TIMEOUT_MS: '5000' }, SUPPORTED).limits.requestTimeoutMs,
    5000,
    'equal timeouts are fine',
  );

  const withOther = refusal({ PORT: 'x', HEADERS_TIMEOUT_MS: '5000', REQUEST_TIMEOUT_MS: '4000' });
  t.match(
    withOther,
    /^bad settings: PORT="x".*; HEADERS_TIMEOUT_MS="5000" is longer than REQUEST_TIMEOUT_MS="4000"/,
    'named beside an unrelated bad setting',
  );
  t.equal(
    refusal({ HEADERS_TIMEOUT_MS: 'x', REQUEST_TIMEOUT_MS: '4000' }).split('; ').length,
    1,
    'a bad headers timeout is not also compared with its default',
  );
  t.equal(refusal({ HEADERS_TIMEOUT_MS: '40000', REQUEST_TIMEOUT_MS: 'x' }).split('; ').length, 1, 'nor a bad request timeout');
});
