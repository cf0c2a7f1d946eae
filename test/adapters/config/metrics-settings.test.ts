import t from 'tap';
import { readSettings, type Environment } from '../../../src/adapters/config/settings.js';
import { SUPPORTED_VERSIONS } from '../../../src/domain/api-history/bundle.js';
import { Version } from '../../../src/domain/versioning/version.js';
import { StartupError } from '../../../src/domain/errors/startup-error.js';

const SUPPORTED = SUPPORTED_VERSIONS.map((version) => Version.parse(version));
const read = (env: Environment) => readSettings(env, SUPPORTED);

t.test('METRICS_PORT and METRICS_HOST', async (t) => {
  t.equal(read({}).metrics, undefined, 'unset: no metrics');
  t.same(read({ METRICS_PORT: '9464' }).metrics, { port: 9464, host: '127.0.0.1' }, 'a port: loopback by default');
  t.same(read({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' }).metrics, { port: 9464, host: '0.0.0.0' }, 'another host');
  t.same(read({ PORT: '0', METRICS_PORT: '0' }).metrics, { port: 0, host: '127.0.0.1' }, 'both 0: each gets a free port of its own');
});

t.test('bad metrics settings refuse the start, naming them', async (t) => {
  const cases: [Environment, RegExp, string][] = [
    [{ METRICS_PORT: '65536' }, /METRICS_PORT="65536" is not valid: expected a TCP port/, 'out of range'],
    [{ METRICS_PORT: 'metrics' }, /METRICS_PORT="metrics" is not valid/, 'not a number'],
    [{ METRICS_PORT: '' }, /METRICS_PORT="" is not valid/, 'empty'],
    [{ METRICS_PORT: '8000' }, /METRICS_PORT="8000" is PORT too: metrics are never served on the API's port/, 'the default PORT'],
    [{ PORT: '9000', METRICS_PORT: '9000' }, /METRICS_PORT="9000" is PORT too/, 'the same port'],
    [{ METRICS_PORT: '9464', METRICS_HOST: ' ' }, /METRICS_HOST=" " is not valid: expected an address or host name/, 'a blank host'],
    [{ METRICS_HOST: '0.0.0.0' }, /METRICS_HOST is set but METRICS_PORT is not/, 'a host without a port'],
  ];
  for (const [env, message, what] of cases) t.throws(() => read(env), { constructor: StartupError, message }, what);
  t.throws(() => read({ PORT: 'x', METRICS_PORT: '9000' }), { message: /^bad setting: PORT="x" is not valid[^;]*$/ }, 'a bad PORT is said once');
  t.throws(
    () => read({ METRICS_PORT: 'x', METRICS_HOST: 'a' }),
    { message: /^bad setting: METRICS_PORT="x" is not valid[^;]*$/ },
    'a bad METRICS_PORT is said once',
  );
});
