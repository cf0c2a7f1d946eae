import t, { type Test } from 'tap';
import { readSettings, type Environment, type Settings } from '../../../src/adapters/config/settings.js';
import { SUPPORTED_VERSIONS } from '../../../src/domain/api-history/bundle.js';
import { Version } from '../../../src/domain/versioning/version.js';
import { StartupError } from '../../../src/domain/errors/startup-error.js';
import { REFERENCE_API } from '../../../src/reference-api.js';

const SUPPORTED = SUPPORTED_VERSIONS.map((version) => Version.parse(version));

/** The settings as plain values, so `t.strictSame` can compare them whole. */
function plain(settings: Settings): Record<string, unknown> {
  return { ...settings, today: settings.today?.toString() };
}

/** Asserts a StartupError whose message names every setting and value given; returns the message. */
function refused(t: Test, env: Environment, named: readonly (readonly [string, string])[], what: string): string {
  const error = t.throws(() => readSettings(env, SUPPORTED, REFERENCE_API.settings), StartupError, `${what} is refused`);
  const message = error instanceof Error ? error.message : '';
  for (const [name, value] of named) {
    t.ok(message.includes(`${name}=${JSON.stringify(value)}`), `${what}: the message names ${name} and ${JSON.stringify(value)}`, { message });
  }
  return message;
}

t.test('an empty environment gives every default', async (t) => {
  t.strictSame(plain(readSettings({}, SUPPORTED)), {
    port: 8000,
    host: '127.0.0.1',
    dataFile: undefined,
    clientsFile: undefined,
    defaultVersion: 'latest',
    removedIn: 'inclusive',
    today: undefined,
    accessLog: true,
    storage: 'memory',
    databaseUrl: undefined,
    databasePoolSize: 10,
    databaseStatementTimeoutMs: 9500,
    databaseConnectTimeoutMs: 30000,
    workers: 1,
    limits: {
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 30_000,
      keepAliveTimeoutMs: 5_000,
      maxHeaderSize: 16_384,
      maxRequestsPerSocket: 1_000,
      drainTimeoutMs: 10_000,
    },
    web: { corsOrigins: { kind: 'any' }, corsMaxAgeSeconds: 7200, cacheMaxAgeSeconds: 0 },
    usageSpoolDir: 'usage-spool',
    metrics: undefined,
    apiSettings: {},
  });
});

t.test('variables the service does not read are ignored', async (t) => {
  const settings = readSettings({ port: '1', PATH: '/usr/bin', NODE_ENV: 'production', TAP: '1' }, SUPPORTED);
  t.equal(settings.port, 8000, 'names are case-sensitive: `port` is not PORT');
});

t.test('every valid value of each setting is read', async (t) => {
  const cases: [string, string, keyof Settings, unknown][] = [
    ['PORT', '0', 'port', 0],
    ['PORT', '1', 'port', 1],
    ['PORT', '80', 'port', 80],
    ['PORT', '8000', 'port', 8000],
    ['PORT', '65535', 'port', 65535],
    ['HOST', '127.0.0.1', 'host', '127.0.0.1'],
    ['HOST', '0.0.0.0', 'host', '0.0.0.0'],
    ['HOST', 'localhost', 'host', 'localhost'],
    ['HOST', '::1', 'host', '::1'],
    ['HOST', '::', 'host', '::'],
    ['HOST', 'api.example.com', 'host', 'api.example.com'],
    ['DATA_FILE', 'data.json', 'dataFile', 'data.json'],
    ['DATA_FILE', '/srv/dogs/data.json', 'dataFile', '/srv/dogs/data.json'],
    ['DATA_FILE', 'my data.json', 'dataFile', 'my data.json'],
    ['USAGE_SPOOL_DIR', '/var/spool/api-usage', 'usageSpoolDir', '/var/spool/api-usage'],
    ['DEFAULT_VERSION', 'latest', 'defaultVersion', 'latest'],
    ['DEFAULT_VERSION', 'earliest', 'defaultVersion', 'earliest'],
    ...SUPPORTED_VERSIONS.map((version): [string, string, keyof Settings, unknown] => ['DEFAULT_VERSION', version, 'defaultVersion', version]),
    ['REMOVED_IN', 'inclusive', 'removedIn', 'inclusive'],
    ['REMOVED_IN', 'exclusive', 'removedIn', 'exclusive'],
    ['TODAY', '2026-11-22', 'today', '2026-11-22'],
    ['TODAY', '2024-02-29', 'today', '2024-02-29'],
    ['TODAY', '2000-02-29', 'today', '2000-02-29'],
    ['TODAY', '0001-01-01', 'today', '0001-01-01'],
    ['TODAY', '9999-12-31', 'today', '9999-12-31'],
    ['ACCESS_LOG', 'on', 'accessLog', true],
    ['ACCESS_LOG', 'off', 'accessLog', false],
  ];
  for (const [name, value, key, expected] of cases) {
    const settings = plain(readSettings({ [name]: value }, SUPPORTED));
    t.strictSame(settings[key], expected, `${name}=${JSON.stringify(value)} gives ${key} ${JSON.stringify(expected)}`);
    const others = { ...plain(readSettings({}, SUPPORTED)), [key]: expected };
    t.strictSame(settings, others, `${name}=${JSON.stringify(value)} leaves the other settings at their defaults`);
  }
});

t.test('TODAY is a calendar date that serializes as given', async (t) => {
  const today = readSettings({ TODAY: '2026-11-22' }, SUPPORTED).today;
  t.equal(JSON.stringify({ today }), '{"today":"2026-11-22"}');
});

t.test('every bad value is refused, naming the setting and the value', async (t) => {
  const cases: [string, string, string][] = [
    ['PORT', '-1', 'a negative port'],
    ['PORT', '65536', 'a port above 65535'],
    ['PORT', '99999', 'a five-digit port above 65535'],
    ['PORT', '100000', 'a six-digit port'],
    ['PORT', '80.5', 'a fractional port'],
    ['PORT', '8e3', 'a port in exponent notation'],
    ['PORT', '0x50', 'a hexadecimal port'],
    ['PORT', 'abc', 'a word as port'],
    ['PORT', '', 'an empty port'],
    ['PORT', ' 80', 'a port with a leading space'],
    ['PORT', '80 ', 'a port with a trailing space'],
    ['PORT', '80\n', 'a port with a trailing newline'],
    ['PORT', '08', 'a port with a leading zero'],
    ['PORT', '00', 'a port of two zeros'],
    ['PORT', '+80', 'a port with a plus sign'],
    ['PORT', '８０', 'a port in full-width digits'],
    ['HOST', '', 'an empty host'],
    ['HOST', ' ', 'a blank host'],
    ['HOST', ' x', 'a host with a leading space'],
    ['HOST', 'x ', 'a host with a trailing space'],
    ['DATA_FILE', '', 'an empty data file path'],
    ['USAGE_SPOOL_DIR', '', 'an empty spool folder'],
    ['CLIENTS_FILE', '', 'an empty clients file path'],
    ['DEFAULT_VERSION', '9.9.9', 'a well-formed but unsupported version'],
    ['DEFAULT_VERSION', '0.1.0', 'a version older than every supported one'],
    ['DEFAULT_VERSION', 'v1.0.0', 'a version with a prefix'],
    ['DEFAULT_VERSION', '1.0', 'a version with two parts'],
    ['DEFAULT_VERSION', '01.0.0', 'a version with a leading zero'],
    ['DEFAULT_VERSION', '1.0.0 ', 'a version with a trailing space'],
    ['DEFAULT_VERSION', 'Latest', 'latest in another case'],
    ['DEFAULT_VERSION', 'EARLIEST', 'earliest in another case'],
    ['DEFAULT_VERSION', '', 'an empty default version'],
    ['REMOVED_IN', 'x', 'an unknown removal reading'],
    ['REMOVED_IN', 'Inclusive', 'inclusive in another case'],
    ['REMOVED_IN', '', 'an empty removal reading'],
    ['TODAY', '2021-02-29', 'a 29 February outside a leap year'],
    ['TODAY', '1900-02-29', 'a 29 February in a century that is not a leap year'],
    ['TODAY', '2026-13-01', 'a thirteenth month'],
    ['TODAY', '2026-04-31', 'a 31 April'],
    ['TODAY', '2026-00-10', 'a month 0'],
    ['TODAY', '2026-01-00', 'a day 0'],
    ['TODAY', '0000-01-01', 'a year 0'],
    ['TODAY', '2026-1-1', 'a date without leading zeros'],
    ['TODAY', '2026-11-22T00:00:00Z', 'a timestamp'],
    ['TODAY', 'today', 'a word as date'],
    ['TODAY', '', 'an empty date'],
    ['ACCESS_LOG', 'yes', 'yes as access log'],
    ['ACCESS_LOG', 'true', 'true as access log'],
    ['ACCESS_LOG', 'ON', 'on in another case'],
    ['ACCESS_LOG', 'toString', 'an Object.prototype name as access log'],
    ['ACCESS_LOG', '__proto__', '__proto__ as access log'],
    ['ACCESS_LOG', '', 'an empty access log'],
  ];
  for (const [name, value, what] of cases) {
    const message = refused(t, { [name]: value }, [[name, value]], `${name}=${JSON.stringify(value)} (${what})`);
    t.match(message, /^bad setting: /, `${what}: one setting is named in the singular`);
  }
});

t.test('the message says what a good value is', async (t) => {
  const cases: [string, string, RegExp | string][] = [
    ['PORT', 'abc', /0 to 65535/],
    ['DEFAULT_VERSION', '9.9.9', `latest, earliest or a supported version (${SUPPORTED_VERSIONS.join(', ')})`],
    ['REMOVED_IN', 'x', /inclusive or exclusive/],
    ['TODAY', '2021-02-29', /YYYY-MM-DD/],
    ['ACCESS_LOG', 'yes', /on or off/],
  ];
  for (const [name, value, expected] of cases) {
    const error = t.throws(() => readSettings({ [name]: value }, SUPPORTED), StartupError, `${name}=${value} is refused`);
    t.match(error instanceof Error ? error.message : '', expected, `${name}: the message says what is expected`);
  }
});

t.test('several bad settings are all named in one message', async (t) => {
  const bad: [string, string][] = [
    ['PORT', '65536'],
    ['HOST', ' x'],
    ['DATA_FILE', ''],
    ['DEFAULT_VERSION', '9.9.9'],
    ['REMOVED_IN', 'x'],
    ['TODAY', '2021-02-29'],
    ['ACCESS_LOG', 'yes'],
  ];
  const message = refused(t, Object.fromEntries(bad), bad, 'seven bad settings');
  t.match(message, /^bad settings: /, 'the plural when there are several');
  t.equal(message.split('; ').length, bad.length, 'one clause per bad setting');

  const two = refused(
    t,
    { PORT: 'abc', TODAY: '2026-13-01', HOST: 'localhost' },
    [
      ['PORT', 'abc'],
      ['TODAY', '2026-13-01'],
    ],
    'two bad settings beside a good one',
  );
  t.notMatch(two, /HOST/, 'a good setting is not named');
});

t.test('DEFAULT_VERSION is checked against the versions given', async (t) => {
  const supported = ['1.0.0', '2.0.0'].map((text) => Version.parse(text));
  t.equal(readSettings({ DEFAULT_VERSION: '2.0.0' }, supported).defaultVersion, '2.0.0', 'a version of the list is accepted');
  const error = t.throws(() => readSettings({ DEFAULT_VERSION: '5.0.0' }, supported), StartupError, 'a version outside the list is refused');
  t.match(error instanceof Error ? error.message : '', /DEFAULT_VERSION="5\.0\.0".*\(1\.0\.0, 2\.0\.0\)/, 'the message lists the versions given');
});

t.test('a StartupError carries the stable code startup_refused', async (t) => {
  const error = t.throws(() => readSettings({ PORT: 'abc' }, SUPPORTED), StartupError);
  t.match(error, { code: 'startup_refused', name: 'StartupError' });
});

t.test("an API's own settings are read with the layer's: each value, its default when unset", async (t) => {
  const declared = REFERENCE_API.settings;
  t.same(readSettings({}, SUPPORTED, declared).apiSettings, { AGE_REMOVAL: 'computed' }, 'unset: its default');
  for (const value of ['computed', 'placeholder']) {
    const settings = plain(readSettings({ AGE_REMOVAL: value }, SUPPORTED, declared));
    t.strictSame(
      settings,
      { ...plain(readSettings({}, SUPPORTED)), apiSettings: { AGE_REMOVAL: value } },
      `AGE_REMOVAL=${value}, the layer's at their defaults`,
    );
  }
  t.same(readSettings({ AGE_REMOVAL: 'placeholder' }, SUPPORTED).apiSettings, {}, 'not read for an API that does not declare it');
});

t.test("a bad value of an API's own setting is refused as the layer's are, with them in one message", async (t) => {
  const cases: [string, string][] = [
    ['Computed', 'computed in another case'],
    ['toString', 'an Object.prototype name'],
    ['nope', 'an unknown word'],
    ['', 'an empty value'],
  ];
  for (const [value, what] of cases) {
    const message = refused(t, { AGE_REMOVAL: value }, [['AGE_REMOVAL', value]], `AGE_REMOVAL=${JSON.stringify(value)} (${what})`);
    t.equal(message, `bad setting: AGE_REMOVAL=${JSON.stringify(value)} is not valid: expected computed or placeholder`, `${what}: what is expected`);
  }
  const both = refused(
    t,
    { PORT: 'abc', AGE_REMOVAL: 'nope' },
    [
      ['PORT', 'abc'],
      ['AGE_REMOVAL', 'nope'],
    ],
    "a bad layer setting and a bad one of the API's",
  );
  t.match(both, /^bad settings: PORT="abc" [^;]*; AGE_REMOVAL="nope" /, "the layer's first, then the API's own");
});
