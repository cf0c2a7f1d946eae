import t from 'tap';
import { readSettings } from '../../../src/adapters/config/settings.js';
import { SUPPORTED_VERSIONS } from '../../../src/domain/api-history/bundle.js';
import { Version } from '../../../src/domain/versioning/version.js';
import { StartupError } from '../../../src/domain/errors/startup-error.js';

const SUPPORTED = SUPPORTED_VERSIONS.map((version) => Version.parse(version));

t.test('CORS_ORIGINS, CORS_MAX_AGE and CACHE_MAX_AGE: the values read', async (t) => {
  const cases: [Record<string, string>, unknown][] = [
    [{ CORS_ORIGINS: '*' }, { kind: 'any' }],
    [{ CORS_ORIGINS: 'none' }, { kind: 'none' }],
    [{ CORS_ORIGINS: 'https://app.example' }, { kind: 'list', origins: ['https://app.example'] }],
    [
      { CORS_ORIGINS: 'https://app.example, http://localhost:3000,https://app.example' },
      { kind: 'list', origins: ['https://app.example', 'http://localhost:3000'] },
    ],
  ];
  for (const [env, expected] of cases) t.same(readSettings(env, SUPPORTED).web.corsOrigins, expected, JSON.stringify(env));
  t.equal(readSettings({ CORS_MAX_AGE: '0' }, SUPPORTED).web.corsMaxAgeSeconds, 0);
  t.equal(readSettings({ CORS_MAX_AGE: '86400' }, SUPPORTED).web.corsMaxAgeSeconds, 86400);
  t.equal(readSettings({ CACHE_MAX_AGE: '60' }, SUPPORTED).web.cacheMaxAgeSeconds, 60);
  t.equal(readSettings({ CACHE_MAX_AGE: '31536000' }, SUPPORTED).web.cacheMaxAgeSeconds, 31536000);
});

t.test('a bad value refuses the start, naming the setting and the value', async (t) => {
  const bad: [string, string][] = [
    ['CORS_ORIGINS', ''],
    ['CORS_ORIGINS', 'app.example'],
    ['CORS_ORIGINS', 'https://app.example/'],
    ['CORS_ORIGINS', 'https://app.example/path'],
    ['CORS_ORIGINS', 'https://app.example,'],
    ['CORS_ORIGINS', 'null'],
    ['CORS_ORIGINS', 'ftp://files.example'],
    ['CORS_ORIGINS', 'https://APP.example'],
    ['CORS_ORIGINS', '*,https://app.example'],
    ['CORS_MAX_AGE', '-1'],
    ['CORS_MAX_AGE', '86401'],
    ['CORS_MAX_AGE', '1.5'],
    ['CACHE_MAX_AGE', 'forever'],
    ['CACHE_MAX_AGE', '31536001'],
    ['CACHE_MAX_AGE', ''],
  ];
  for (const [name, value] of bad) {
    const error = t.throws(() => readSettings({ [name]: value }, SUPPORTED), StartupError, `${name}=${JSON.stringify(value)} is refused`);
    t.match((error as Error).message, `${name}=${JSON.stringify(value)} is not valid`, 'the message names it');
  }
});
